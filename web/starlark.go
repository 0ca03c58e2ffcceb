package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/examples"
	"github.com/grundy/grundy/rules"
)

// parseSpec is the server's catalog.Parse: a starlark:FILE spec would make
// the server read FILE from its disk, so it names only a rule file built
// into the binary (starlark:examples/NAME.star), or a .star file of
// Config.RulesDir when that is set; anything else is a 400.
func (s *Server) parseSpec(spec string) (catalog.Game, error) {
	name, args, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok || !isStarlarkFamily(name) || strings.TrimSpace(args) == "" {
		return catalog.Parse(spec)
	}
	file := strings.TrimSpace(args)
	specErr := func(msg string) error { return &catalog.SpecError{Spec: spec, Offset: -1, Msg: msg} }
	var src []byte
	if ex, ok := embeddedExample(file); ok {
		var err error
		if src, err = examples.FS.ReadFile(ex); err != nil {
			return nil, specErr(err.Error())
		}
	} else if s.cfg.RulesDir != "" {
		var err error
		if src, err = readRulesFile(s.cfg.RulesDir, file); err != nil {
			return nil, specErr(err.Error())
		}
	} else {
		return nil, specErr(fmt.Sprintf("the server reads only the rule files built into it (%s), not %q from its disk; start it with --rules-dir DIR to allow the .star files of a directory", strings.Join(embeddedNames(), ", "), file))
	}
	r, err := rules.Load(context.Background(), file, src, rules.Limits{})
	if err != nil {
		return nil, specErr(err.Error())
	}
	return catalog.NewStarlarkGame(r, "starlark:"+file), nil
}

// isStarlarkFamily reports whether name (any case) names the starlark
// family or one of its aliases.
func isStarlarkFamily(name string) bool {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, f := range catalog.Families() {
		if f.Name == "starlark" {
			return key == f.Name || slices.Contains(f.Aliases, key)
		}
	}
	return false
}

// embeddedExample returns the name in examples.FS of file when file is
// examples/NAME.star for a rule file built into the binary.
func embeddedExample(file string) (string, bool) {
	name, ok := strings.CutPrefix(filepath.ToSlash(file), "examples/")
	if !ok || !fs.ValidPath(name) || strings.Contains(name, "/") {
		return "", false
	}
	if _, err := fs.Stat(examples.FS, name); err != nil {
		return "", false
	}
	return name, true
}

// embeddedNames lists the built-in rule files as spec strings.
func embeddedNames() []string {
	entries, _ := fs.ReadDir(examples.FS, ".")
	var names []string
	for _, e := range entries {
		if path.Ext(e.Name()) == ".star" {
			names = append(names, "starlark:examples/"+e.Name())
		}
	}
	return names
}

// readRulesFile reads the .star file at the relative path file inside dir;
// os.Root refuses paths that leave dir, through .. or symbolic links.
func readRulesFile(dir, file string) ([]byte, error) {
	if path.Ext(filepath.ToSlash(file)) != ".star" {
		return nil, fmt.Errorf("%s: the server reads only .star rule files", file)
	}
	if !filepath.IsLocal(file) {
		return nil, fmt.Errorf("%s: not a path inside the server's rules directory", file)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("the server's rules directory: %v", unwrapPath(err))
	}
	defer root.Close()
	// Stat first: opening a named pipe would block.
	st, err := root.Stat(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", file)
	}
	f, err := root.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, unwrapPath(err))
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, rules.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, unwrapPath(err))
	}
	return src, nil // rules.Load refuses a file over MaxFileSize
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
