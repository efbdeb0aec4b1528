/**
 * Puts values into a catalogue text's `{{name}}` places, as i18next does, for the code that runs
 * without i18next (the public islands). A place with no value is left as it is.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
}
