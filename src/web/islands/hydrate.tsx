import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ApplicationForm } from '../public/application-form.js';
import { ContactForm } from '../public/contact-form.js';
import { JoinUsForm } from '../public/join-us-form.js';
import type { IslandName } from './island.js';

const ISLANDS: Record<IslandName, ComponentType<any>> = {
  'contact-form': ContactForm,
  'join-us-form': JoinUsForm,
  'application-form': ApplicationForm,
};

/** Hydrates each island of the page with the props the server rendered it with. */
export function hydrateIslands(elements: Iterable<Element>) {
  for (const element of elements) {
    const name = element.getAttribute('data-island') as IslandName;
    const Component = ISLANDS[name];
    const propsElement = element.nextElementSibling;
    if (!Component || propsElement?.getAttribute('data-island-props') !== name) {
      console.error(`Portico: the island "${name}" cannot be hydrated`);
      continue;
    }
    hydrateRoot(element, <Component {...JSON.parse(propsElement.textContent ?? '{}')} />);
  }
}
