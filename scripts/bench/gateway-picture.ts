// `node scripts/bench/gateway-picture.ts`: how long the editor's git gateway takes to store a
// phone's photo without its metadata (src/server/gateway/picture.ts), the one costly step of a
// save, against a Netlify Function's time limit. A 12-megapixel JPEG (4032×3024, lying on its side
// with GPS data, as a phone takes it) is rewritten three times; prints each time and the sizes.
import sharp from 'sharp';
import { withoutMetadata } from '../../src/server/gateway/picture.ts';

const { data, info } = await sharp({
  create: {
    width: 4032,
    height: 3024,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 30 },
  },
})
  .blur(2)
  .raw()
  .toBuffer({ resolveWithObject: true });
const photo = await sharp(data, { raw: info })
  .withMetadata({ orientation: 6 })
  .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
  .jpeg({ quality: 85 })
  .toBuffer();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
console.log(`photo: 4032×3024 JPEG, ${mb(photo.length)}, orientation 6, GPS`);
for (let run = 1; run <= 3; run++) {
  const start = performance.now();
  const out = await withoutMetadata(photo);
  const ms = Math.round(performance.now() - start);
  if (out.kind !== 'photo') throw new Error(`not rewritten: ${out.kind}`);
  const m = await sharp(out.bytes).metadata();
  console.log(
    `run ${run}: ${ms} ms → ${mb(out.bytes.length)}, ${m.width}×${m.height}, exif ${m.exif ? 'kept' : 'none'}`,
  );
}
