import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture.js';

const html = (element: React.ReactElement) => {
  const root = document.createElement('div');
  root.innerHTML = renderToStaticMarkup(element);
  return root;
};

describe('Picture', () => {
  it('draws a library image with AVIF and WebP sources, its own format, its size and lazily', () => {
    const root = html(<Picture src="/api/File/Download/12#w=1200&h=800&t=jpeg" alt="The harbour" sizes="(max-width: 640px) 100vw, 780px" />);
    const sources = [...root.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toBe('/api/Media/12/320.avif 320w, /api/Media/12/640.avif 640w, /api/Media/12/1024.avif 1024w, /api/Media/12/1200.avif 1200w');
    expect(sources[1].getAttribute('sizes')).toBe('(max-width: 640px) 100vw, 780px');
    const img = root.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe('/api/Media/12/1024.jpeg');
    expect(img.getAttribute('srcset')).toContain('/api/Media/12/640.jpeg 640w');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['1200', '800', 'The harbour']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('fetches the image above the fold first', () => {
    const img = html(<Picture src="/api/File/Download/3#w=3000&h=1000&t=png" alt="" sizes="100vw" priority />).querySelector('img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    // Never wider than the largest variant when the original is wider.
    expect(img.getAttribute('srcset')!.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '1024w', '1600w']);
  });

  it('offers an AVIF or WebP original as WebP to browsers that skip the sources', () => {
    const root = html(<Picture src="/api/File/Download/4#w=800&h=600&t=avif" alt="" sizes="100vw" />);
    expect([...root.querySelectorAll('source')].map((s) => s.getAttribute('type'))).toEqual(['image/avif']);
    expect(root.querySelector('img')!.getAttribute('src')).toBe('/api/Media/4/800.webp');
  });

  it('draws other images, GIFs and images without a known size as a plain image', () => {
    for (const [src, expected] of [
      ['https://example.com/a.png', 'https://example.com/a.png'],
      ['/api/File/Download/9', '/api/File/Download/9'],
      ['/api/File/Download/9#w=100&h=50&t=gif', '/api/File/Download/9'],
    ]) {
      const root = html(<Picture src={src} alt="" sizes="100vw" width={200} height={100} />);
      expect(root.querySelector('picture'), src).toBeNull();
      expect(root.querySelector('img')!.getAttribute('src')).toBe(expected);
      expect(root.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    }
    const gif = html(<Picture src="/api/File/Download/9#w=100&h=50&t=gif" alt="" sizes="100vw" width={200} height={100} />).querySelector('img')!;
    expect([gif.getAttribute('width'), gif.getAttribute('height')]).toEqual(['100', '50']);
  });
});
