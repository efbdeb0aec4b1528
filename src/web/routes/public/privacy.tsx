import type { MetaFunction } from 'react-router';
import { noticeBlocks } from '../../../shared/schemas/site.js';
import { copyOf, pageMeta, usePublicCopy, useSite } from '../../public/copy.js';

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.privacy.title, description: copy.privacy.description });
};

/** The privacy notice the administrator wrote in the site settings, in the page's language. */
export default function Privacy() {
  const copy = usePublicCopy();
  const site = useSite();
  return (
    <main className="container article">
      <h1>{copy.privacy.title}</h1>
      {noticeBlocks(site.privacyNotice).map((block, index) =>
        block.kind === 'heading' ? <h2 key={index}>{block.text}</h2> : <p key={index}>{block.text}</p>,
      )}
    </main>
  );
}
