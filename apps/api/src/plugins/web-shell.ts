import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { localeDirection, supportedLocales, type Locale } from '@series-tracker/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageLocale } from '../lib/i18n/request-locale';

/**
 * The web app's page and manifest in the visitor's language (issue 31, ADR 186): `<html lang
 * dir>`, the description, and the manifest's description, lang and dir, so the first paint is
 * already right to left in Arabic and search engines and install prompts read the language.
 * The language: the visitor's chosen one (the `st_locale` cookie the language menu sets), else
 * the browser's Accept-Language, else English. Each variant is built and compressed once.
 */
const texts: Record<Locale, { description: string; short: string }> = {
  en: {
    description:
      "Series Tracker: track every episode and share what's worth watching with a community that lives and breathes television.",
    short: "Track every episode and share what's worth watching.",
  },
  de: {
    description:
      'Series Tracker: Verfolge jede Folge und teile, was sich lohnt – mit einer Community, die für Serien lebt.',
    short: 'Verfolge jede Folge und teile, was sich lohnt.',
  },
  es: {
    description:
      'Series Tracker: sigue cada episodio y comparte lo que merece la pena ver con una comunidad que vive y respira televisión.',
    short: 'Sigue cada episodio y comparte lo que merece la pena ver.',
  },
  fr: {
    description:
      'Series Tracker : suivez chaque épisode et partagez ce qui vaut le coup d’être vu avec une communauté qui vit pour les séries.',
    short: 'Suivez chaque épisode et partagez ce qui vaut le coup d’être vu.',
  },
  ja: {
    description:
      'Series Tracker：すべてのエピソードを記録して、見る価値のある番組を、テレビを愛するコミュニティと共有しよう。',
    short: 'すべてのエピソードを記録して、見る価値のある番組を共有しよう。',
  },
  ar: {
    description:
      'Series Tracker: تابع كل حلقة وشارك ما يستحق المشاهدة مع مجتمع يعيش التلفزيون ويتنفّسه.',
    short: 'تابع كل حلقة وشارك ما يستحق المشاهدة.',
  },
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** index.html with the language's lang, dir and description. */
export function localizePage(html: string, locale: Locale): string {
  return html
    .replace(
      /<html\b([^>]*)>/,
      (_tag, attributes: string) =>
        `<html lang="${locale}" dir="${localeDirection(locale)}"${attributes.replace(/\s+(?:lang|dir)="[^"]*"/g, '')}>`,
    )
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      `$1${escapeAttribute(texts[locale].description)}$2`,
    );
}

export function localizeManifest(manifest: string, locale: Locale): string {
  const parsed = JSON.parse(manifest) as Record<string, unknown>;
  return JSON.stringify({
    ...parsed,
    lang: locale,
    dir: localeDirection(locale),
    description: texts[locale].short,
  });
}

interface Variant {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(body: string): Variant {
  const plain = Buffer.from(body);
  return { plain, br: zlib.brotliCompressSync(plain), gzip: zlib.gzipSync(plain) };
}

function sendVariant(request: FastifyRequest, reply: FastifyReply, variant: Variant, type: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  reply
    .header('Content-Type', type)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? variant[encoding] : variant.plain);
}

export interface WebShell {
  /** The page as text in the request's language (for routes that add their own meta tags). */
  page: (request: FastifyRequest) => string;
  sendPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  sendManifest: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | void;
}

/** Reads the built page and manifest once and prepares every language's copy. */
export function webShell(webDistDir: string): WebShell {
  const html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const manifestFile = path.join(webDistDir, 'manifest.webmanifest');
  const manifest = fs.existsSync(manifestFile) ? fs.readFileSync(manifestFile, 'utf8') : null;
  const pages = new Map(supportedLocales.map((l) => [l, localizePage(html, l)]));
  const pageVariants = new Map(supportedLocales.map((l) => [l, compressed(pages.get(l)!)]));
  const manifests = manifest
    ? new Map(supportedLocales.map((l) => [l, compressed(localizeManifest(manifest, l))]))
    : null;
  return {
    page: (request) => pages.get(pageLocale(request))!,
    sendPage: (request, reply) =>
      sendVariant(
        request,
        reply,
        pageVariants.get(pageLocale(request))!,
        'text/html; charset=utf-8',
      ),
    sendManifest: (request, reply) =>
      manifests
        ? sendVariant(
            request,
            reply,
            manifests.get(pageLocale(request))!,
            'application/manifest+json',
          )
        : reply.callNotFound(),
  };
}
