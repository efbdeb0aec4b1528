import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MetaDescriptor } from 'react-router';
import { textIn } from '../../shared/fields.js';
import type { LocalizedText } from '../../shared/fields.js';
import type { Locale } from '../../shared/locale.js';
import { PUBLIC_PATHS } from '../../shared/paths.js';
import type { PublicJob } from '../../shared/schemas/job.js';
import type { PageBlock, PageBlockOf, PageContent } from '../../shared/schemas/page.js';
import { JobItem } from './job-card.js';
import { NewsItem } from './news-card.js';
import type { NewsCard } from './news-card.js';
import { Picture } from './picture.js';
import { pageMeta, rootDataOf, useLocalePath } from './copy.js';

/**
 * The one renderer of the editable pages' blocks (docs/decisions/0034): the public pages and the
 * back-office preview draw a page with it, so a preview looks exactly like the published page.
 * Plain server-rendered HTML: no block needs JavaScript in the browser.
 */

/** The data the feed blocks show, loaded with the page only when it has such a block. */
export interface PageFeeds {
  news?: NewsCard[];
  jobs?: PublicJob[];
}

type Heading = 'h1' | 'h2' | 'h3';

interface BlockProps<T extends PageBlock['type']> {
  block: PageBlockOf<T>;
  locale: Locale;
  /** The level of the block's own title; its items' titles sit one below it. */
  heading: Heading;
  first: boolean;
  feeds: PageFeeds;
}

const below = (heading: Heading): Heading => (heading === 'h1' ? 'h2' : 'h3');

/**
 * A button or link: a path on this site goes through the router, in the page's language when it is
 * a public page (staff write the seed's paths); another address is a plain link.
 */
function ActionLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const to = useLocalePath();
  if (href.startsWith('/')) {
    return (
      <Link className={className} to={to(href)}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A title, when the block has one in some language. */
function Title({ as: Tag, text, locale, className }: { as: Heading; text: LocalizedText; locale: Locale; className?: string }) {
  const value = textIn(text, locale);
  return value ? <Tag className={className}>{value}</Tag> : null;
}

/** A plain text with paragraphs apart by a blank line. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </>
  );
}

function Hero({ block, locale, heading, first }: BlockProps<'hero'>) {
  const text = textIn(block.text, locale);
  return (
    <section className={`page-hero${block.image ? ' page-hero-with-image' : ''}`}>
      <div className="container hero-inner">
        <div>
          <Title as={heading} text={block.title} locale={locale} />
          {text && <p>{text}</p>}
          {block.actions.length > 0 && (
            <div className="actions">
              {block.actions.map((action, index) => (
                <ActionLink key={index} className="button secondary" href={action.href}>
                  {textIn(action.label, locale)}
                </ActionLink>
              ))}
            </div>
          )}
        </div>
        {block.image && <Picture className="hero-image" src={block.image} alt={textIn(block.imageAlt, locale)} sizes="(max-width: 800px) 100vw, 480px" priority={first} />}
      </div>
    </section>
  );
}

function RichText({ block, locale, heading }: BlockProps<'richText'>) {
  const html = textIn(block.html, locale);
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      {/* Cleaned on the server when it was saved, as news content is. */}
      <div className="article-body rich-text" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

function Cards({ block, locale, heading }: BlockProps<'cards'>) {
  const titled = Boolean(textIn(block.title, locale));
  const itemHeading = titled ? below(heading) : heading;
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      <div className="cards">
        {block.items.map((item, index) => (
          <article className="card" key={index}>
            {item.image && <Picture className="card-image" src={item.image} alt={textIn(item.imageAlt, locale)} sizes="(max-width: 640px) 100vw, 360px" />}
            <Title as={itemHeading} className="card-title" text={item.title} locale={locale} />
            {textIn(item.text, locale) && <p>{textIn(item.text, locale)}</p>}
          </article>
        ))}
      </div>
    </section>
  );
}

function Figures({ block, locale, heading }: BlockProps<'figures'>) {
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      <ul className="figures">
        {block.items.map((item, index) => (
          <li key={index}>
            <strong>{textIn(item.value, locale)}</strong>
            {textIn(item.label, locale)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ImageText({ block, locale, heading }: BlockProps<'imageText'>) {
  return (
    <section className={`section image-text image-${block.imageSide}`}>
      {block.image && <Picture className="image-text-image" src={block.image} alt={textIn(block.imageAlt, locale)} sizes="(max-width: 800px) 100vw, 560px" />}
      <div>
        <Title as={heading} text={block.title} locale={locale} />
        <Paragraphs text={textIn(block.text, locale)} />
      </div>
    </section>
  );
}

function Steps({ block, locale, heading }: BlockProps<'steps'>) {
  const titled = Boolean(textIn(block.title, locale));
  const itemHeading = titled ? below(heading) : heading;
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      <ol className="steps">
        {block.items.map((item, index) => (
          <li key={index}>
            <Title as={itemHeading} className="card-title" text={item.title} locale={locale} />
            {textIn(item.text, locale) && <p>{textIn(item.text, locale)}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Gallery({ block, locale, heading }: BlockProps<'gallery'>) {
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      <ul className="gallery">
        {block.images.map((image, index) => (
          <li key={index}>
            <Picture src={image.src} alt={textIn(image.alt, locale)} sizes="(max-width: 640px) 100vw, 360px" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CallToAction({ block, locale, heading }: BlockProps<'callToAction'>) {
  const text = textIn(block.text, locale);
  const label = textIn(block.label, locale);
  return (
    <section className="section cta-block">
      <Title as={heading} text={block.title} locale={locale} />
      {text && <p className="lead">{text}</p>}
      {label && block.href && (
        <div className="actions">
          <ActionLink className="button" href={block.href}>
            {label}
          </ActionLink>
        </div>
      )}
    </section>
  );
}

function LatestNews({ block, locale, heading, feeds }: BlockProps<'latestNews'>) {
  const { t } = useTranslation('public');
  const to = useLocalePath();
  const news = (feeds.news ?? []).slice(0, block.count);
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      {news.length ? (
        <ul className="list">
          {news.map((item) => (
            <NewsItem key={item.id} news={item} locale={locale} pinnedLabel={t('news.pinned')} />
          ))}
        </ul>
      ) : (
        <p>{t('blocks.noNews')}</p>
      )}
      <Link to={to(PUBLIC_PATHS.news)}>{t('blocks.allNews')} →</Link>
    </section>
  );
}

function OpenJobs({ block, locale, heading, feeds }: BlockProps<'openJobs'>) {
  const { t } = useTranslation('public');
  const to = useLocalePath();
  const jobs = (feeds.jobs ?? []).slice(0, block.count);
  return (
    <section className="section">
      <Title as={heading} text={block.title} locale={locale} />
      {jobs.length ? (
        <ul className="list">
          {jobs.map((job) => (
            <JobItem key={job.id} job={job} locale={locale} />
          ))}
        </ul>
      ) : (
        <p>{t('blocks.noJobs')}</p>
      )}
      <Link to={to(PUBLIC_PATHS.jobs)}>{t('blocks.allJobs')} →</Link>
    </section>
  );
}

function Block(props: BlockProps<PageBlock['type']>) {
  const { block } = props;
  switch (block.type) {
    case 'hero':
      return <Hero {...props} block={block} />;
    case 'richText':
      return <RichText {...props} block={block} />;
    case 'cards':
      return <Cards {...props} block={block} />;
    case 'figures':
      return <Figures {...props} block={block} />;
    case 'imageText':
      return <ImageText {...props} block={block} />;
    case 'steps':
      return <Steps {...props} block={block} />;
    case 'gallery':
      return <Gallery {...props} block={block} />;
    case 'callToAction':
      return <CallToAction {...props} block={block} />;
    case 'latestNews':
      return <LatestNews {...props} block={block} />;
    case 'openJobs':
      return <OpenJobs {...props} block={block} />;
  }
}

/** Whether the page's first block is a hero with a title, which is then the page's one `<h1>`. */
function opensWithHero(page: Pick<PageContent, 'blocks'>, locale: Locale) {
  const first = page.blocks[0];
  return first?.type === 'hero' && textIn(first.title, locale) !== '';
}

/**
 * A page's blocks in order. The page has one `<h1>`: its opening hero's title, else the page's
 * title above the blocks; every other block's title is an `<h2>` and its items' titles `<h3>`.
 * Heroes span the width; every other block sits in the page's column.
 */
export function PageBlocks({ page, locale, feeds = {} }: { page: Pick<PageContent, 'title' | 'blocks'>; locale: Locale; feeds?: PageFeeds }) {
  const heroFirst = opensWithHero(page, locale);
  const rendered: ReactNode[] = [];
  let column: ReactNode[] = [];
  const closeColumn = () => {
    if (column.length) rendered.push(<div className="container" key={`column-${rendered.length}`}>{column}</div>);
    column = [];
  };
  page.blocks.forEach((block, index) => {
    const heading: Heading = heroFirst && index === 0 ? 'h1' : 'h2';
    const element = <Block key={index} block={block} locale={locale} heading={heading} first={index === 0} feeds={feeds} />;
    if (block.type === 'hero') {
      closeColumn();
      rendered.push(element);
    } else column.push(element);
  });
  closeColumn();
  return (
    <>
      {!heroFirst && (
        <div className="container">
          <h1 className="page-title">{textIn(page.title, locale)}</h1>
        </div>
      )}
      {rendered}
    </>
  );
}

/** Whether a page shows a feed, so that its loader asks for that feed's data only when it does. */
export const pageShows = (page: Pick<PageContent, 'blocks'>, type: 'latestNews' | 'openJobs') => page.blocks.some((block) => block.type === type);

/** The most items any of the page's blocks of a feed shows. */
export const feedCountOf = (page: Pick<PageContent, 'blocks'>, type: 'latestNews' | 'openJobs') =>
  Math.max(0, ...page.blocks.map((block) => (block.type === type ? block.count : 0)));

/** The first hero's image of a page, which its share tags show. */
export function heroImageOf(page: Pick<PageContent, 'blocks'>, locale: Locale): { image: string; imageAlt: string } | null {
  const hero = page.blocks.find((block) => block.type === 'hero' && block.image);
  return hero?.type === 'hero' ? { image: hero.image, imageAlt: textIn(hero.imageAlt, locale) } : null;
}

type Matches = Parameters<typeof pageMeta>[0];

/** An editable page's `<title>`, description and share tags, from its published version. */
export function editablePageMeta(
  page: Pick<PageContent, 'title' | 'description' | 'blocks'> | undefined,
  matches: Matches,
  location: { pathname: string; search: string },
): MetaDescriptor[] {
  if (!page) return [];
  const { locale } = rootDataOf(matches);
  const hero = heroImageOf(page, locale);
  return pageMeta(matches, location, { title: textIn(page.title, locale), description: textIn(page.description, locale), image: hero?.image, imageAlt: hero?.imageAlt });
}
