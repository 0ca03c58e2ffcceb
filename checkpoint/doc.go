// Package checkpoint keeps a long nim-sequence computation on disk so that
// it can resume after being killed, and defines the sequence checksum that
// `grundy values` prints.
//
// A checkpoint directory holds two files: values.bin, the values G(start),
// G(start+1), … as unsigned varints, appended as they are computed; and
// checkpoint.json, the manifest: the game, its content (what defines it
// besides its spec: a rule file's hash; Identity), the number of values
// committed, the length of their encoding and their checksum. The manifest
// is replaced atomically (written to a temporary file, synced, renamed,
// directory synced) after the data it describes is synced, so after a
// crash at any instant the manifest describes a prefix of values.bin that
// was fully written; anything after that prefix is discarded on resume,
// and the prefix is verified against its checksum before use; the
// manifest's byte length is checked against values.bin before anything is
// written. A checkpoint of another game, start or content is refused. A
// third file, checkpoint.lock, is locked (flock) while a run has the
// checkpoint open, so a second run sharing it is refused rather than
// losing the first one's progress; a run that only replays values the
// checkpoint holds (OpenFor) takes no lock and writes nothing, so a
// finished checkpoint replays from read-only media.
//
// Checkpoint files are never read or written through a symbolic link, and
// only regular files are read, each checked for size before it is read
// (ReadFile): a link is refused with an *Error, its target left alone. The
// directory itself may be a link.
//
// The checksum of a sequence is the SHA-256 of its values as 8-byte
// little-endian unsigned integers, first value first, written
// "sha256:<64 hex digits>". In Python:
//
//	hashlib.sha256(b"".join(v.to_bytes(8, "little") for v in values)).hexdigest()
//
// # Library API beyond the CLI
//
// The CLI and the sweeps open checkpoints with OpenFor and OpenCount, which
// never hold the values. Open (the values returned, for a short run or a
// program reading a checkpoint whole) and Checkpoint.ReadOnly (whether
// OpenFor opened it only to replay) are kept for programs and the tests.
package checkpoint
