/** A replay file chosen on the Home screen, handed to the replay screen (a File cannot go in the URL). */
let pending: File | null = null;
export const setPendingReplay = (file: File): void => {
  pending = file;
};
export function takePendingReplay(): File | null {
  const f = pending;
  pending = null;
  return f;
}
