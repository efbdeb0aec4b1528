import type { MetaFunction } from 'react-router';
import { Island } from '../../islands/island.js';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';
import { ContactForm } from '../../public/contact-form.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.contact.title, description: copy.contact.description });
};

export default function Contact() {
  const copy = usePublicCopy();
  return (
    <main>
      <section className="page-hero">
        <div className="container">
          <h1>{copy.contact.title}</h1>
          <p>{copy.contact.intro}</p>
        </div>
      </section>
      <div className="container two-col">
        <section className="section">
          <h2>{copy.contact.officesTitle}</h2>
          <ul className="list">
            {copy.contact.offices.map((office) => (
              <li key={office.city}>
                <h3>{office.city}</h3>
                <address>
                  {office.address}
                  <br />
                  <a href={`tel:${office.phone.replace(/[^+\d]/g, '')}`}>{office.phone}</a>
                </address>
              </li>
            ))}
          </ul>
          <h2>{copy.contact.hoursTitle}</h2>
          <p>{copy.contact.hours}</p>
        </section>
        <section className="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{copy.contact.formTitle}</h2>
          <Island name="contact-form" component={ContactForm} props={{ text: { contact: copy.contact, form: copy.form } }} />
        </section>
      </div>
    </main>
  );
}
