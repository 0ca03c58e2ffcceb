package catalog

import (
	"errors"
	"io/fs"

	"github.com/grundy/grundy/rules"
)

// ReadRuleFile reads a rule file under r's policy: through r.Files, and,
// for examples/NAME.star that r.Files does not hold (or when it reads
// none), the rule file of that name built into grundy.
func (r *Resolver) ReadRuleFile(name string) ([]byte, error) {
	if r.Files != nil {
		src, err := r.Files.ReadRuleFile(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return src, wrapRuleFile(name, err)
		}
		if src, ok := rules.Builtin(name); ok {
			return src, nil
		}
		return nil, wrapRuleFile(name, err)
	}
	if src, ok := rules.Builtin(name); ok {
		return src, nil
	}
	return nil, &rules.FileError{Name: name, Err: rules.ErrNoRuleFiles}
}

func wrapRuleFile(name string, err error) error {
	if err == nil {
		return nil
	}
	return &rules.FileError{Name: name, Err: err}
}
