/**
 * Demo content for a fictional company, Portico Technology (博远科技): an industrial IoT and software
 * company in Shanghai with offices in Shenzhen, Beijing and Singapore. A new database gets it unless
 * PORTICO_DEMO=0, so a fresh install shows a living site.
 */
export interface DemoCategory {
  key: string;
  name: string;
  sortOrder: number;
}

/** Paragraphs of demo text as HTML. */
export const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** A bulleted list of demo text as HTML. */
export const list = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
