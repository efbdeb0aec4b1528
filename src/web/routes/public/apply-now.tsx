import { useActionData, useLoaderData, useLocation } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../shared/api.js';
import type { PublicJob } from '../../../shared/schemas/job.js';
import { Island } from '../../islands/island.js';
import { APPLICATION_FIELDS, ApplicationForm } from '../../public/application-form.js';
import { PUBLIC_PATHS } from '../../../shared/paths.js';
import { copyOf, pageMeta, serverContext, useLocalePath, usePrivacyVersion, usePublicCopy, useRootData } from '../../public/copy.js';
import { answerFormPost } from '../../public/form-post.server.js';
import { idParam } from '../../public/pager.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api: serverApi } = serverContext(context);
  const jobs = await serverApi<Page<PublicJob>>('POST', 'Job/Query', { pageSize: 100, sort: { field: 'publishedAt', order: 'desc' } });
  const open = (jobs.data?.items ?? []).map((job) => ({ id: job.id, title: job.title, location: job.location }));
  const wanted = idParam(new URL(request.url), 'jobId');
  return { jobs: open, jobId: wanted && open.some((job) => job.id === wanted) ? wanted : null };
}

/** The form posted without JavaScript, with the résumé (docs/decisions/0028-forms-without-javascript.md). */
export async function action(args: ActionFunctionArgs) {
  return answerFormPost(args, { path: 'JobApplication', fields: [...APPLICATION_FIELDS, 'consent'], resume: true, confirmationTo: 'email' });
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.apply.title, description: copy.apply.description, keepQuery: ['jobId'] });
};

export default function ApplyNow() {
  const { jobs, jobId } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const posted = useActionData<typeof action>();
  const privacyVersion = usePrivacyVersion();
  const { locale } = useRootData();
  const { pathname, search } = useLocation();
  const to = useLocalePath();
  const links = { jobs: to(PUBLIC_PATHS.jobs), privacy: to(PUBLIC_PATHS.privacy) };
  return (
    <main className="container">
      <h1>{copy.apply.title}</h1>
      <Island name="application-form" component={ApplicationForm} props={{ jobs, jobId, text: { apply: copy.apply, form: copy.form }, action: pathname + search, posted, privacyVersion, links, locale }} />
    </main>
  );
}
