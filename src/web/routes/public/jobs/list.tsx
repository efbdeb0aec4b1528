import { Form, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../../shared/api.js';
import type { PublicCategory } from '../../../../shared/schemas/category.js';
import type { PublicOffice } from '../../../../shared/schemas/office.js';
import { copyOf, pageMeta, serverContext, usePublicCopy, useRootData } from '../../../public/copy.js';
import { JOB_CARD_FIELDS, JobItem } from '../../../public/job-card.js';
import type { JobCard } from '../../../public/job-card.js';
import { Pager, idParam, pageParam } from '../../../public/pager.js';
import { pageLocaleOf } from '../../../public/page-data.server.js';

const PAGE_SIZE = 10;
/** The most a list page of the API answers: offices are read page by page up to this many pages. */
const OFFICE_PAGE_SIZE = 100;
const OFFICE_PAGES_MAX = 20;

type OfficeOption = Pick<PublicOffice, 'id' | 'name' | 'locale'>;

/**
 * Every office, in the page's language, in their order (sortOrder, then name): the location filter
 * lists each once (docs/decisions/0058).
 */
async function everyOffice(api: ReturnType<typeof serverContext>['api'], locale: string | undefined): Promise<OfficeOption[]> {
  const offices: OfficeOption[] = [];
  for (let page = 1; page <= OFFICE_PAGES_MAX; page++) {
    const answer = await api<Page<OfficeOption>>('POST', 'Office/Query', { page, pageSize: OFFICE_PAGE_SIZE, fields: ['name', 'locale'], locale });
    const items = answer.data?.items ?? [];
    offices.push(...items);
    if (items.length < OFFICE_PAGE_SIZE || offices.length >= (answer.data?.meta.total ?? 0)) break;
  }
  return offices;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 100);
  const categoryId = idParam(url, 'category');
  const officeId = idParam(url, 'office');
  // The free-text filter of addresses made before offices, still answered.
  const location = (url.searchParams.get('location') ?? '').trim().slice(0, 100);
  const filters = { ...(categoryId ? { categoryId } : {}), ...(officeId ? { officeId } : {}), ...(location ? { location } : {}) };
  const locale = pageLocaleOf(request);
  const [categories, offices, jobs] = await Promise.all([
    api<Page<PublicCategory>>('POST', 'JobCategory/Query', { pageSize: 100, fields: ['name', 'locale'], locale }),
    everyOffice(api, locale),
    api<Page<JobCard>>('POST', 'Job/Query', {
      locale,
      fields: JOB_CARD_FIELDS,
      page: pageParam(url),
      pageSize: PAGE_SIZE,
      ...(keyword ? { keyword } : {}),
      ...(Object.keys(filters).length ? { filters } : {}),
    }),
  ]);
  return {
    categories: categories.data?.items ?? [],
    offices,
    jobs: jobs.data ?? { items: [], meta: { page: 1, pageSize: PAGE_SIZE, total: 0 } },
    query: { keyword, categoryId, officeId, location },
  };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.jobs.title, description: copy.jobs.description, keepQuery: ['category', 'office', 'location', 'page'] });
};

export default function JobsList() {
  const { categories, offices, jobs, query } = useLoaderData<typeof loader>();
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
          <select id="jobs-location" name="office" defaultValue={query.officeId ?? ''}>
            <option value="">{copy.jobs.any}</option>
            {offices.map((office) => (
              <option key={office.id} value={office.id} lang={office.locale !== locale ? office.locale : undefined}>
                {office.name}
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
