package rules

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/grundy/grundy/examples"
)

// Files is where rule files are read from: the file policy of a caller
// (catalog.Resolver.Files). ReadRuleFile returns the source of the rule file name (as written
// after "starlark:"), at most MaxFileSize+1 bytes, or an error that
// names the problem without quoting the file's contents.
type Files interface {
	ReadRuleFile(name string) ([]byte, error)
}

// OSFiles reads rule files from the machine's file system, any path: the
// policy of the command line, where the user names their own files.
type OSFiles struct{}

// ReadRuleFile reads the regular file name.
func (OSFiles) ReadRuleFile(name string) ([]byte, error) {
	// Stat first: opening a named pipe would block.
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the rule file: %w", name, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
	}
	defer f.Close()
	return readLimited(name, f)
}

// DirFiles reads only the .star files inside the directory Dir: a name is a
// relative path below it, and os.Root refuses one that leaves it through
// ".." or a symbolic link. It is the server's policy with --rules-dir.
type DirFiles struct{ Dir string }

// ReadRuleFile reads the .star file name inside d.Dir.
func (d DirFiles) ReadRuleFile(name string) ([]byte, error) {
	if path.Ext(filepath.ToSlash(name)) != ".star" {
		return nil, fmt.Errorf("%s: only .star rule files are read", name)
	}
	if !filepath.IsLocal(name) {
		return nil, fmt.Errorf("%s: not a path inside the rules directory", name)
	}
	root, err := os.OpenRoot(d.Dir)
	if err != nil {
		return nil, fmt.Errorf("the rules directory: %w", unwrapPath(err))
	}
	defer root.Close()
	st, err := root.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
	}
	defer f.Close()
	return readLimited(name, f)
}

func readLimited(name string, r io.Reader) ([]byte, error) {
	src, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
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

// ErrNoRuleFiles is the error of a rule file named where the file policy
// reads none (a nil Files) and it is not one built into grundy.
var ErrNoRuleFiles = errors.New("rule files are not read here, only the ones built into grundy")

// FileError reports a rule file that could not be read under the
// resolver's file policy.
type FileError struct {
	Name string
	Err  error
}

func (e *FileError) Error() string {
	if errors.Is(e.Err, ErrNoRuleFiles) {
		return fmt.Sprintf("%s: %v (%s)", e.Name, e.Err, strings.Join(BuiltinFiles(), ", "))
	}
	return e.Err.Error()
}

func (e *FileError) Unwrap() error { return e.Err }

// Builtin returns the rule file built into grundy that name names
// (examples/NAME.star).
func Builtin(name string) ([]byte, bool) {
	file, ok := strings.CutPrefix(filepath.ToSlash(name), "examples/")
	if !ok || !fs.ValidPath(file) || strings.Contains(file, "/") {
		return nil, false
	}
	src, err := examples.FS.ReadFile(file)
	return src, err == nil
}

// BuiltinFiles lists the rule files built into grundy, as spec strings.
func BuiltinFiles() []string {
	entries, _ := fs.ReadDir(examples.FS, ".")
	var names []string
	for _, e := range entries {
		if path.Ext(e.Name()) == ".star" {
			names = append(names, "starlark:examples/"+e.Name())
		}
	}
	return names
}
