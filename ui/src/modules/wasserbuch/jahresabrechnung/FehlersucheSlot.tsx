// The Fehlersuche panel (ui/src/modules/wasserbuch/fehlersuche, another part of issue 12) for the
// chosen period; until it exists, nothing.
export function FehlersucheSlot(_props: { stichtag: string; von?: string | undefined }) {
  return null;
}
