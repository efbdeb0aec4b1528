import type { ComponentType } from 'react';

/** The interactive parts of public pages that the browser hydrates; see `hydrate.tsx`. */
export type IslandName = 'contact-form' | 'join-us-form' | 'application-form';

/**
 * An interactive part of a server-rendered public page. Public pages are sent without React
 * Router's browser runtime (docs/decisions/0010-public-islands.md); this renders the part and leaves
 * its props beside it, so the islands script can hydrate exactly this part and nothing more.
 * Rendered in the browser (a page reached inside the back-office app), it is plain React.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  return (
    <>
      <div data-island={name} className="island">
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }} />
    </>
  );
}

/** JSON that is safe inside a `<script>` element: nothing in it can close the element. */
export function islandPropsJson(props: unknown): string {
  return JSON.stringify(props).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
