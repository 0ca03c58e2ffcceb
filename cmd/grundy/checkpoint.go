package main

import "errors"

// checkpointNote is an error of a checkpointed run, with where its
// checkpoint stands and how to resume (issue 44 §4): "the checkpoint
// grundy.ckpt holds G(0..16384): run the same command to resume". The
// error line prints it after the error's hint, so that Ctrl-C, a
// --timeout or a budget says what was kept.
type checkpointNote struct {
	err  error
	note string
}

func (e *checkpointNote) Error() string { return e.err.Error() }
func (e *checkpointNote) Unwrap() error { return e.err }

// withCheckpoint adds note to err (nil stays nil).
func withCheckpoint(err error, note string) error {
	if err == nil || note == "" {
		return err
	}
	return &checkpointNote{err: err, note: note}
}

// checkpointHint is the note of err's checkpoint, "" if none: the end of
// the error line, after hint.
func checkpointHint(err error) string {
	var cn *checkpointNote
	if errors.As(err, &cn) {
		return "; " + cn.note
	}
	return ""
}
