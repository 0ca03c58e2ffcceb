package main

import (
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/web"
)

type serveOptions struct {
	addr          string
	timeout       time.Duration
	maxPositions  int64
	maxWork       int64
	maxMemory     string
	maxConcurrent int
	maxPerClient  int
	memoryLimit   string
	rulesDir      string
	allowHosts    []string
}

func newServeCmd(io *streams) *cobra.Command {
	opts := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the web workbench (explorer, play, sequences, card-flip lab, multi-bridge, misère, nimbers, partizan games) and its JSON API",
		Long: `Serve the web workbench on --addr. Its tabs:
  Explorer       a position's value, outcome and every move, the winning ones first
  Play           a game against the perfect, random or mixed player, with hints
  Sequences      nim-sequences as a table and a plot, with their periods
  Card-flip lab  a strategy's game turn by turn, and the strategies compared
  Multi-bridge   a deal's sequence, an optimal line, counting deals
  Misère         misère canonical forms and genus, misère quotients
  Nimbers        nim arithmetic: products, inverses, roots, polynomials
  Partizan       Conway's short games: a board's value, both sides' options,
                 the thermograph, a value calculator, play as Left or Right
  API            the endpoints of the JSON API under /api/ (docs/api.md)
The page and its assets are built into the binary.

The server binds to loopback by default. Every computation runs under a work
budget (--max-positions, --max-memory, --max-work for a partizan question's
work, counted the same on any machine) and a deadline (--timeout); at most
--max-concurrent run at once, at most --max-per-client of them for one client
(IP address), plus one slot for requests that look cheap; the computations
together stay under --memory-limit. starlark:FILE specs name only the rule files
built into the binary (starlark:examples/NAME.star) unless --rules-dir allows
the .star files of a directory. Interrupt (Ctrl-C) or SIGTERM shuts it down
gracefully.

Against DNS rebinding (a web page whose name its owner points at 127.0.0.1)
the server answers only requests that name it as localhost, by a loopback
address or by the IP address they reached it on, or by a name given with
--allow-host or in --addr; others get 421 Misdirected Request. A request with
an Origin header (every POST, every cross-site fetch) must come from such a
host too, or it gets 403. Behind a reverse proxy or under a LAN name, allow
that name with --allow-host NAME (repeatable, or comma-separated).
--allow-host '*' turns the check off: unsafe, since any page the user's
browser opens can then use and read the workbench.`,
		Example: `  grundy serve
  grundy serve --addr 127.0.0.1:9000
  grundy serve --timeout 30s --max-positions 50000000
  grundy serve --allow-host grundy.example.com          # behind a reverse proxy for that name
  grundy serve --addr 0.0.0.0:8080 --allow-host mybox.lan,mybox`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return serveRun(cmd, io, opts)
		},
	}
	opts.add(cmd.Flags())
	return cmd
}

// add registers the serve flags.
func (opts *serveOptions) add(f *pflag.FlagSet) {
	f.StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	f.DurationVar(&opts.timeout, "timeout", 10*time.Second, "deadline of one computation")
	f.Int64Var(&opts.maxPositions, "max-positions", web.DefaultBudget.MaxPositions, "position budget of one computation")
	f.StringVar(&opts.maxMemory, "max-memory", fmt.Sprintf("%dMiB", web.DefaultBudget.MaxMemory>>20), "memory budget of one computation (e.g. 512MiB, 2GiB)")
	f.Int64Var(&opts.maxWork, "max-work", web.DefaultBudget.MaxWork, "work budget of one partizan computation, in units of its canonical forms' work (the same stop on any machine)")
	f.IntVar(&opts.maxConcurrent, "max-concurrent", 0, "computations running at once (0: max(2, number of CPUs))")
	f.IntVar(&opts.maxPerClient, "max-per-client", 0, "heavy computations one client (IP address) may run at once (0: max(1, max-concurrent - 1); behind a reverse proxy all clients are one: set it to max-concurrent)")
	f.StringVar(&opts.memoryLimit, "memory-limit", "", "heap of all computations together, past which the running ones are stopped (e.g. 1GiB; default max(384MiB, 1.5 × --max-memory))")
	f.StringVar(&opts.rulesDir, "rules-dir", "", "let starlark:FILE specs name the .star files of `DIR` (default: only the built-in starlark:examples/NAME.star)")
	f.StringSliceVar(&opts.allowHosts, "allow-host", nil, "also answer requests for host `NAME` (repeatable or comma-separated; default: localhost and the server's IP addresses; '*' allows any, unsafe)")
}

// config checks the serve flags and returns the server's configuration.
func (opts *serveOptions) config() (web.Config, error) {
	mem, err := impartial.ParseBytes(opts.maxMemory)
	switch {
	case err != nil:
		return web.Config{}, usagef("--max-memory: %v", err)
	case mem <= 0:
		return web.Config{}, usagef("--max-memory must be positive, not %q", opts.maxMemory)
	case opts.maxPositions <= 0:
		return web.Config{}, usagef("--max-positions must be positive, not %d", opts.maxPositions)
	case opts.maxWork <= 0:
		return web.Config{}, usagef("--max-work must be positive, not %d", opts.maxWork)
	case opts.timeout <= 0:
		return web.Config{}, usagef("--timeout must be positive, not %s", opts.timeout)
	case opts.maxConcurrent < 0:
		return web.Config{}, usagef("--max-concurrent must be at least 0, not %d", opts.maxConcurrent)
	case opts.maxPerClient < 0:
		return web.Config{}, usagef("--max-per-client must be at least 0, not %d", opts.maxPerClient)
	}
	var memLimit int64
	if opts.memoryLimit != "" {
		if memLimit, err = impartial.ParseBytes(opts.memoryLimit); err != nil {
			return web.Config{}, usagef("--memory-limit: %v", err)
		}
		if memLimit <= 0 {
			return web.Config{}, usagef("--memory-limit must be positive, not %q", opts.memoryLimit)
		}
	}
	if opts.rulesDir != "" {
		if st, err := os.Stat(opts.rulesDir); err != nil || !st.IsDir() {
			return web.Config{}, usagef("--rules-dir: %q is not a directory", opts.rulesDir)
		}
	}
	if err := web.CheckAllowedHosts(opts.allowHosts); err != nil {
		return web.Config{}, usagef("--allow-host %s", strings.TrimPrefix(err.Error(), "web: allowed host "))
	}
	// The flags set positions, memory and work; moves and output keep the
	// server's defaults (zero would mean unbounded).
	budget := web.DefaultBudget
	budget.MaxPositions, budget.MaxMemory, budget.MaxWork = opts.maxPositions, mem, opts.maxWork
	return web.Config{
		Budget:        budget,
		Timeout:       opts.timeout,
		MaxConcurrent: opts.maxConcurrent,
		MaxPerClient:  opts.maxPerClient,
		MemoryLimit:   memLimit,
		RulesDir:      opts.rulesDir,
		AllowedHosts:  allowedHosts(opts.addr, opts.allowHosts),
	}, nil
}

func serveRun(cmd *cobra.Command, io *streams, opts *serveOptions) error {
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	allow := cfg.AllowedHosts
	srv := web.New(cfg)
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	addr := ln.Addr().(*net.TCPAddr)
	fmt.Fprintf(io.out, "grundy workbench on http://%s/ (Ctrl-C to stop)\n", addr)
	if !addr.IP.IsLoopback() {
		fmt.Fprintf(io.err, "grundy: warning: serving on %s, reachable from other machines; the workbench has no authentication\n", addr)
	}
	if slices.Contains(allow, "*") {
		fmt.Fprintln(io.err, "grundy: warning: --allow-host '*': the Host check is off; any web page opened on this machine can use the workbench through DNS rebinding")
	}
	if err := srv.Serve(cmd.Context(), ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(io.out, "grundy workbench stopped")
	return nil
}

// allowedHosts is the --allow-host list, plus the host of --addr when it is
// a name (--addr mybox.lan:8080: browsers then ask for mybox.lan).
func allowedHosts(addr string, flags []string) []string {
	allow := slices.Clone(flags)
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" && net.ParseIP(host) == nil {
		allow = append(allow, host)
	}
	return allow
}
