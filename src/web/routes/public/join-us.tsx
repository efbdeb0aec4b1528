import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { COOPERATION_TYPES } from '../../../shared/choices.js';
import { api } from '../../api/client.js';
import { copyOf, pageMeta, usePublicCopy } from '../../public/copy.js';
import { Field, Honeypot, formValues, inputProps, useFormSender, validate } from '../../public/form.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.joinUs.title, description: copy.joinUs.description });
};

const FIELDS = ['name', 'company', 'phone', 'email', 'region', 'cooperationType', 'message', 'website'] as const;

export default function JoinUs() {
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const { sending, errors, failure, send } = useFormSender();
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    if (!values.website) delete values.website;
    void send(async () => validate((await import('../../../shared/schemas/inquiry.js')).joinUsCreateSchema, values, t), async () => {
      await api('JoinUs', { body: values });
      form.reset();
      setDone(true);
    });
  };

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
          {done ? (
            <div className="notice success" role="status">
              <strong>{copy.joinUs.successTitle}</strong>
              <p>{copy.joinUs.success}</p>
              <button type="button" className="button secondary" onClick={() => setDone(false)}>
                {copy.joinUs.another}
              </button>
            </div>
          ) : (
            <form className="form" method="post" action="/api/JoinUs" noValidate onSubmit={onSubmit}>
              {failure && (
                <p className="notice error" role="alert">
                  {failure}
                </p>
              )}
              <Field name="name" label={copy.joinUs.name} error={errors.name}>
                <input {...inputProps('name', errors)} type="text" autoComplete="name" required maxLength={100} />
              </Field>
              <Field name="company" label={copy.joinUs.company} error={errors.company}>
                <input {...inputProps('company', errors)} type="text" autoComplete="organization" maxLength={100} />
              </Field>
              <Field name="phone" label={copy.joinUs.phone} error={errors.phone}>
                <input {...inputProps('phone', errors)} type="tel" autoComplete="tel" required maxLength={30} />
              </Field>
              <Field name="email" label={copy.joinUs.email} error={errors.email}>
                <input {...inputProps('email', errors)} type="email" autoComplete="email" maxLength={100} />
              </Field>
              <Field name="region" label={copy.joinUs.region} error={errors.region}>
                <input {...inputProps('region', errors)} type="text" autoComplete="address-level1" maxLength={100} />
              </Field>
              <Field name="cooperationType" label={copy.joinUs.cooperationType} error={errors.cooperationType}>
                <select {...inputProps('cooperationType', errors)} defaultValue="">
                  <option value="">{copy.joinUs.chooseType}</option>
                  {COOPERATION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {copy.joinUs.types[type]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field name="message" label={copy.joinUs.message} error={errors.message}>
                <textarea {...inputProps('message', errors)} required maxLength={5000} />
              </Field>
              <Honeypot />
              <div>
                <button type="submit" className="button" disabled={sending}>
                  {sending ? copy.joinUs.sending : copy.joinUs.submit}
                </button>
              </div>
            </form>
          )}
        </section>
      </div>
    </main>
  );
}
