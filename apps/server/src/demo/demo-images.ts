import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// The demo advertiser's creatives: drawn here (no binary fixtures in the repository), in folders,
// one approved, and one in the recycle bin for 27 days (the campaigns' review rejects another).

interface Creative {
  name: string;
  width: number;
  height: number;
  colours: [string, string];
  headline: string;
  folder?: 'winter' | 'banners' | 'brand';
}

const CREATIVES: Creative[] = [
  { name: 'winter-blend-hero.png', width: 1200, height: 628, colours: ['#1d3557', '#457b9d'], headline: 'Winter Blend', folder: 'winter' },
  { name: 'winter-blend-square.png', width: 1080, height: 1080, colours: ['#264653', '#2a9d8f'], headline: 'Warm up', folder: 'winter' },
  { name: 'leaderboard-728x90.png', width: 728, height: 90, colours: ['#6d2e46', '#a26769'], headline: 'Free delivery', folder: 'banners' },
  { name: 'rectangle-300x250.png', width: 300, height: 250, colours: ['#bc6c25', '#dda15e'], headline: '2 for 1', folder: 'banners' },
  { name: 'spring-leaderboard-728x90.png', width: 728, height: 90, colours: ['#5a189a', '#c77dff'], headline: 'Spring Blend', folder: 'banners' },
  { name: 'spring-rectangle-300x250.png', width: 300, height: 250, colours: ['#2d6a4f', '#95d5b2'], headline: 'Spring', folder: 'banners' },
  { name: 'skyscraper-160x600.png', width: 160, height: 600, colours: ['#3a5a40', '#588157'], headline: 'Fresh', folder: 'banners' },
  { name: 'logo-mark.png', width: 512, height: 512, colours: ['#3d2b1f', '#7f5539'], headline: 'Contoso', folder: 'brand' },
  { name: 'store-front.png', width: 1600, height: 900, colours: ['#495057', '#adb5bd'], headline: 'Visit us' },
  { name: 'summer-cold-brew.png', width: 1200, height: 628, colours: ['#0077b6', '#90e0ef'], headline: 'Cold brew' },
];

/** A gradient card with a soft circle and a headline, as a PNG (the demo videos' posters too). */
export const drawCard = (c: Pick<Creative, 'width' | 'height' | 'colours' | 'headline'>, text = { size: Math.round(Math.min(c.width / 8, c.height / 2.5)), y: '55%' }) => {
  const { size } = text;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${c.width}" height="${c.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c.colours[0]}"/><stop offset="1" stop-color="${c.colours[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${c.width * 0.85}" cy="${c.height * 0.2}" r="${Math.min(c.width, c.height) * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
    <text x="50%" y="${text.y}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${c.headline}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

export const seedDemoImages = async (
  services: Services,
  advertiser: { userId: number; accountId: number },
  reviewerId: number,
  { clock, hoursAgo }: { clock: DemoClock; hoursAgo: (hours: number) => Date },
) => {
  const caller = { ...advertiser, accountKind: 'advertiser' as const, powers: new Set(['asset.read', 'asset.write'] as const) };
  const { assets } = services;
  // Drawn together (sharp works off the main thread) while the folders are made; uploaded in order.
  const cards = CREATIVES.map((c) => drawCard(c));
  // Handled if a step fails first; awaited below.
  for (const card of cards) card.catch(() => {});
  const winter = await assets.createFolder(caller, { name: 'Winter campaign', parentId: null });
  const banners = await assets.createFolder(caller, { name: 'Display banners', parentId: winter.id });
  const brand = await assets.createFolder(caller, { name: 'Brand', parentId: null });
  const folderOf = { winter: winter.id, banners: banners.id, brand: brand.id };

  const uploaded = new Map<string, number>();
  for (const [i, c] of CREATIVES.entries()) {
    const image = await assets.upload(caller, {
      fileName: c.name,
      stream: Readable.from([await cards[i]!]),
      folderId: c.folder ? folderOf[c.folder] : undefined,
    });
    uploaded.set(c.name, image.id);
  }
  // A review without a campaign (an image checked on its own); the leaderboard's rejection is part
  // of the Winter Warmers review (demo-campaigns.ts), which names the campaign.
  clock.set(hoursAgo(26));
  await assets.recordReview({ imageId: uploaded.get('winter-blend-hero.png')!, decision: 'approved', reviewerId });
  // Deleted 27 days (and an hour) ago: today's purge run reminds the account that it goes in 3 days.
  clock.set(hoursAgo(27 * 24 + 1));
  await assets.deleteImages(caller, { ids: [uploaded.get('summer-cold-brew.png')!] });
  return uploaded;
};
