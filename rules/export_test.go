package rules

// FileOptionsForTest are the options rule files are parsed with.
var FileOptionsForTest = fileOptions

// GlobalForTest returns a global of a loaded rule file, as Starlark prints it.
func GlobalForTest(r *Rules, name string) string { return r.globals[name].String() }
