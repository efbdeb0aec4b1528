import { useActionData, useLoaderData, useLocation } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { Island } from '../../islands/island.js';
import { PageBlocks, editablePageMeta } from '../../public/blocks.js';
import { usePrivacyVersion, usePublicCopy, useRootData } from '../../public/copy.js';
import { answerFormPost } from '../../public/form-post.server.js';
import { JOIN_US_FIELDS, JoinUsForm } from '../../public/join-us-form.js';
import { loadEditablePage } from '../../public/page-data.server.js';

/** The introduction above the form is an editable page (docs/decisions/0034). */
export const loader = ({ context, request }: LoaderFunctionArgs) => loadEditablePage(context, 'joinus', request);

/** The form posted without JavaScript (docs/decisions/0028-forms-without-javascript.md). */
export async function action(args: ActionFunctionArgs) {
  return answerFormPost(args, { path: 'JoinUs', fields: JOIN_US_FIELDS });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => editablePageMeta(data?.page, matches, location);

export default function JoinUs() {
  const { page, feeds } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  const copy = usePublicCopy();
  const posted = useActionData<typeof action>();
  const privacyVersion = usePrivacyVersion();
  const { pathname, search } = useLocation();
  return (
    <main>
      <PageBlocks page={page} locale={locale} feeds={feeds} />
      <div className="container">
        <section className="section" aria-labelledby="join-form-title">
          <h2 id="join-form-title">{copy.joinUs.formTitle}</h2>
          <Island name="join-us-form" component={JoinUsForm} props={{ text: { joinUs: copy.joinUs, form: copy.form }, action: pathname + search, posted, privacyVersion }} />
        </section>
      </div>
    </main>
  );
}
