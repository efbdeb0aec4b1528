import type { MetaFunction } from 'react-router';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.privacy.title, description: copy.privacy.description });
};

export default function Privacy() {
  const copy = usePublicCopy();
  return (
    <main className="container article">
      <h1>{copy.privacy.title}</h1>
      {copy.privacy.sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <p className="meta">{copy.privacy.updated}</p>
    </main>
  );
}
