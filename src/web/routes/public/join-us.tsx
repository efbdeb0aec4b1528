import type { MetaFunction } from 'react-router';
import { Island } from '../../islands/island.js';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';
import { JoinUsForm } from '../../public/join-us-form.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.joinUs.title, description: copy.joinUs.description });
};

export default function JoinUs() {
  const copy = usePublicCopy();
  return (
    <main>
      <section className="page-hero">
        <div className="container">
          <h1>{copy.joinUs.title}</h1>
          <p>{copy.joinUs.intro}</p>
        </div>
      </section>
      <div className="container">
        <section className="section">
          <h2>{copy.joinUs.benefitsTitle}</h2>
          <div className="cards">
            {copy.joinUs.benefits.map((benefit) => (
              <article className="card" key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section className="section" aria-labelledby="join-form-title">
          <h2 id="join-form-title">{copy.joinUs.formTitle}</h2>
          <Island name="join-us-form" component={JoinUsForm} props={{ text: { joinUs: copy.joinUs, form: copy.form } }} />
        </section>
      </div>
    </main>
  );
}
