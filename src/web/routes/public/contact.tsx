import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { api } from '../../api/client.js';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';
import { Field, Honeypot, formValues, inputProps, useFormSender, validate } from '../../public/form.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.contact.title, description: copy.contact.description });
};

const FIELDS = ['name', 'company', 'email', 'phone', 'subject', 'message', 'website'] as const;

export default function Contact() {
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const { sending, errors, failure, send } = useFormSender();
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    if (!values.website) delete values.website;
    void send(async () => validate((await import('../../../shared/schemas/inquiry.js')).contactInfoCreateSchema, values, t), async () => {
      await api('ContactInfo', { body: values });
      form.reset();
      setDone(true);
    });
  };

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
          {done ? (
            <div className="notice success" role="status">
              <strong>{copy.contact.successTitle}</strong>
              <p>{copy.contact.success}</p>
              <button type="button" className="button secondary" onClick={() => setDone(false)}>
                {copy.contact.another}
              </button>
            </div>
          ) : (
            <form className="form" method="post" action="/api/ContactInfo" noValidate onSubmit={onSubmit}>
              {failure && (
                <p className="notice error" role="alert">
                  {failure}
                </p>
              )}
              <Field name="name" label={copy.contact.name} error={errors.name}>
                <input {...inputProps('name', errors)} type="text" autoComplete="name" required maxLength={100} />
              </Field>
              <Field name="company" label={copy.contact.company} error={errors.company}>
                <input {...inputProps('company', errors)} type="text" autoComplete="organization" maxLength={100} />
              </Field>
              <Field name="email" label={copy.contact.email} error={errors.email}>
                <input {...inputProps('email', errors)} type="email" autoComplete="email" required maxLength={100} />
              </Field>
              <Field name="phone" label={copy.contact.phone} error={errors.phone}>
                <input {...inputProps('phone', errors)} type="tel" autoComplete="tel" maxLength={30} />
              </Field>
              <Field name="subject" label={copy.contact.subject} error={errors.subject}>
                <input {...inputProps('subject', errors)} type="text" maxLength={200} />
              </Field>
              <Field name="message" label={copy.contact.message} error={errors.message}>
                <textarea {...inputProps('message', errors)} required maxLength={5000} />
              </Field>
              <Honeypot />
              <div>
                <button type="submit" className="button" disabled={sending}>
                  {sending ? copy.contact.sending : copy.contact.submit}
                </button>
              </div>
            </form>
          )}
        </section>
      </div>
    </main>
  );
}
