import { Link } from 'react-router';
import type { MetaFunction } from 'react-router';
import { copyOf, pageMeta, usePublicCopy } from '../../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.process.title, description: copy.process.description });
};

export default function JobsProcess() {
  const copy = usePublicCopy();
  return (
    <main className="container">
      <section className="section">
        <h1>{copy.process.title}</h1>
        <p className="lead">{copy.process.intro}</p>
        <ol className="steps">
          {copy.process.steps.map((step) => (
            <li key={step.title}>
              <h2 className="card-title">{step.title}</h2>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="actions">
          <Link className="button" to="/Jobs">
            {copy.process.cta}
          </Link>
        </div>
      </section>
    </main>
  );
}
