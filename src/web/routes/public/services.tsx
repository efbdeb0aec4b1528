import { useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { PageBlocks, editablePageMeta } from '../../public/blocks.js';
import { useRootData } from '../../public/copy.js';
import { loadEditablePage } from '../../public/page-data.server.js';

/** An editable page (docs/decisions/0034): its published blocks, as staff wrote them. */
export const loader = ({ context, request }: LoaderFunctionArgs) => loadEditablePage(context, 'services', request);

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => editablePageMeta(data?.page, matches, location);

export default function Services() {
  const { page, feeds } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <main>
      <PageBlocks page={page} locale={locale} feeds={feeds} />
    </main>
  );
}
