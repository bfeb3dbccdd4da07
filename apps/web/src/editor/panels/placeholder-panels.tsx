/** Temporary: the panels' real components replace this file (issue 5). */
export function LooksPanel() {
  return <section aria-label="Hollywood LUTs"><h3>Hollywood LUTs</h3></section>;
}
export function ColorGradingPanel(_props: { mode: 'basic' | 'smart'; onModeChange: (mode: 'basic' | 'smart') => void }) {
  return <section aria-label="Color Grading"><h3>Color Grading</h3></section>;
}
export function SmartAutoGradePanel() {
  return <section aria-label="Smart Auto Grade"><h3>Smart Auto Grade</h3></section>;
}
export function useGradeAutosave(): void {}
