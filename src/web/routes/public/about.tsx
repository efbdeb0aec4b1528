import type { MetaFunction } from 'react-router';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.about.title, description: copy.about.description });
};

export default function About() {
  const copy = usePublicCopy();
  return (
    <main>
      <section className="page-hero">
        <div className="container">
          <h1>{copy.about.title}</h1>
          <p>{copy.about.mission}</p>
        </div>
      </section>
      <div className="container">
        <section className="section">
          <p className="lead">{copy.about.intro}</p>
        </section>
        <section className="section">
          <h2>{copy.about.valuesTitle}</h2>
          <div className="cards">
            {copy.about.values.map((value) => (
              <article className="card" key={value.title}>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section className="section">
          <h2>{copy.about.historyTitle}</h2>
          <ol className="timeline">
            {copy.about.history.map((event) => (
              <li key={event.year}>
                <strong>{event.year}</strong>
                {event.text}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
