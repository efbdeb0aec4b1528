import { Link } from 'react-router';
import type { MetaFunction } from 'react-router';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.services.title, description: copy.services.description });
};

export default function Services() {
  const copy = usePublicCopy();
  return (
    <main>
      <section className="page-hero">
        <div className="container">
          <h1>{copy.services.title}</h1>
          <p>{copy.services.intro}</p>
        </div>
      </section>
      <div className="container">
        <section className="section">
          <div className="cards">
            {copy.services.items.map((item) => (
              <article className="card" key={item.title}>
                <h2 className="card-title">{item.title}</h2>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
          <div className="actions">
            <Link className="button" to="/ContactUs">
              {copy.services.cta}
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}
