// Exports of the sequences page, written from the server's answers (the
// same values /api/values returns): CSV for spreadsheets, and the b-file
// format of the OEIS ("n a(n)" per line) with the entry's numbering.

// csvOfSequence writes "n,G(n)" rows.
export function csvOfSequence(seq) {
  const lines = ['n,G(n)'];
  seq.values.forEach((v, i) => lines.push(`${seq.start + i},${v}`));
  return lines.join('\n') + '\n';
}

// bfileOf writes the values as an OEIS b-file: "k a(k)" per line, where
// G(n) = a(n − shift) (catalog.Info's oeis_shift), from the first k ≥ 0,
// after a comment naming the game and the command that gives the values.
export function bfileOf(seq, { oeis = '', shift = 0 } = {}) {
  const end = seq.start + seq.values.length - 1;
  const lines = [`# ${oeis ? oeis + ': ' : ''}G(n) of ${seq.game}${shift ? `, a(k) = G(k + ${shift})` : ''}; grundy values ${seq.game} --to ${end}`];
  seq.values.forEach((v, i) => {
    const k = seq.start + i - shift;
    if (k >= 0) lines.push(`${k} ${v}`);
  });
  return lines.join('\n') + '\n';
}

// csvOfTable writes a value table: a header row of b, then a row per a.
export function csvOfTable(t) {
  const lines = ['a\\b,' + Array.from({ length: t.size }, (_, b) => b).join(',')];
  t.values.forEach((row, a) => lines.push(`${a},${row.join(',')}`));
  return lines.join('\n') + '\n';
}

// download points the link a at the text, as a file.
export function download(a, text, name, type = 'text/plain') {
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.setAttribute('download', name);
  a.hidden = false;
}
