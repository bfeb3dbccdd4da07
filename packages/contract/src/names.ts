/**
 * Characters that change how a name reads without being part of it: C0 and C1 controls and DEL,
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and the
 * direction marks (U+200E, U+200F, U+061C). A right-to-left override in `clip\u202Egpj.exe`
 * shows it as `clipexe.jpg`; no name shown or downloaded keeps one.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name without characters that could disguise it (see above). */
export function stripUnsafeNameCharacters(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS, '');
}
