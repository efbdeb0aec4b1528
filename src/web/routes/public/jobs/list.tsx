import { Form, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../../shared/api.js';
import type { PublicCategory } from '../../../../shared/schemas/category.js';
import type { Job } from '../../../../shared/schemas/job.js';
import { copyOf, pageMeta, serverContext, usePublicCopy, useRootData } from '../../../public/copy.js';
import { JOB_CARD_FIELDS, JobItem } from '../../../public/job-card.js';
import type { JobCard } from '../../../public/job-card.js';
import { Pager, idParam, pageParam } from '../../../public/pager.js';
import { pageLocaleOf } from '../../../public/page-data.server.js';

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 100);
  const categoryId = idParam(url, 'category');
  const location = (url.searchParams.get('location') ?? '').trim().slice(0, 100);
  const filters = { ...(categoryId ? { categoryId } : {}), ...(location ? { location } : {}) };
  const locale = pageLocaleOf(request);
  const [categories, everyOpenJob, jobs] = await Promise.all([
    api<Page<PublicCategory>>('POST', 'JobCategory/Query', { pageSize: 100, fields: ['name', 'locale'], locale }),
    // The places of every open position, for the location filter.
    api<Page<Pick<Job, 'id' | 'location'>>>('POST', 'Job/Query', { pageSize: 100, fields: ['location'] }),
    api<Page<JobCard>>('POST', 'Job/Query', {
      locale,
      fields: JOB_CARD_FIELDS,
      page: pageParam(url),
      pageSize: PAGE_SIZE,
      ...(keyword ? { keyword } : {}),
      ...(Object.keys(filters).length ? { filters } : {}),
    }),
  ]);
  const locations = [...new Set((everyOpenJob.data?.items ?? []).map((job) => job.location).filter(Boolean))].sort();
  return {
    categories: categories.data?.items ?? [],
    locations,
    jobs: jobs.data ?? { items: [], meta: { page: 1, pageSize: PAGE_SIZE, total: 0 } },
    query: { keyword, categoryId, location },
  };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.jobs.title, description: copy.jobs.description, keepQuery: ['category', 'location', 'page'] });
};

export default function JobsList() {
  const { categories, locations, jobs, query } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const { locale } = useRootData();
  return (
    <main className="container">
      <h1>{copy.jobs.title}</h1>
      <Form method="get" className="filters" role="search">
        <div className="field">
          <label htmlFor="jobs-keyword">{copy.jobs.keyword}</label>
          <input id="jobs-keyword" name="keyword" type="search" defaultValue={query.keyword} placeholder={copy.jobs.keywordPlaceholder} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="jobs-category">{copy.jobs.category}</label>
          <select id="jobs-category" name="category" defaultValue={query.categoryId ?? ''}>
            <option value="">{copy.jobs.any}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id} lang={category.locale !== locale ? category.locale : undefined}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="jobs-location">{copy.jobs.location}</label>
          <select id="jobs-location" name="location" defaultValue={query.location}>
            <option value="">{copy.jobs.any}</option>
            {locations.map((place) => (
              <option key={place} value={place}>
                {place}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {copy.jobs.search}
        </button>
      </Form>
      {jobs.items.length ? (
        <ul className="list">
          {jobs.items.map((job) => (
            <JobItem key={job.id} job={job} locale={locale} />
          ))}
        </ul>
      ) : (
        <p>{copy.jobs.empty}</p>
      )}
      <Pager meta={jobs.meta} />
    </main>
  );
}
