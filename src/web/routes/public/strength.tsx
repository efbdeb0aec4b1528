import type { MetaFunction } from 'react-router';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.strength.title, description: copy.strength.description });
};

export default function Strength() {
  const copy = usePublicCopy();
  return (
    <main>
      <section className="page-hero">
        <div className="container">
          <h1>{copy.strength.title}</h1>
          <p>{copy.strength.intro}</p>
        </div>
      </section>
      <div className="container">
        <section className="section">
          <ul className="figures">
            {copy.figures.map((figure) => (
              <li key={figure.label}>
                <strong>{figure.value}</strong>
                {figure.label}
              </li>
            ))}
          </ul>
        </section>
        <section className="section">
          <div className="cards">
            {copy.strength.items.map((item) => (
              <article className="card" key={item.title}>
                <h2 className="card-title">{item.title}</h2>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </section>
      </div>
    </main>
  );
}
