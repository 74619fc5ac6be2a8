import sharp, { type Metadata } from 'sharp';
import { accountErrorCodes, accountLimits, accountMessages } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { Text } from '../../lib/i18n/text';

const accepted = new Set(['jpeg', 'png', 'webp', 'gif']);

const invalid = (message: Text) => new AppError(400, accountErrorCodes.invalidImage, message);

export interface AvatarVariant {
  size: number;
  data: Buffer;
}

/**
 * An uploaded file becomes square WebP avatars, or a 400 (docs/decisions/100-account.md):
 * - the format is read from the bytes, never from the name or the declared type;
 * - the pixel count is checked from the header before anything is decoded, and sharp is told
 *   the same limit, so a small file that decodes to gigabytes (a decompression bomb) is refused
 *   cheaply;
 * - a truncated or damaged file fails the decode (`failOn: 'truncated'`);
 * - the image is decoded and re-encoded: EXIF orientation applied, then every metadata block
 *   (EXIF, GPS, ICC, XMP) dropped, which is sharp's default; only the first frame of an
 *   animation is kept.
 */
export async function avatarVariants(input: Buffer): Promise<AvatarVariant[]> {
  const options = {
    limitInputPixels: accountLimits.avatarMaxPixels,
    failOn: 'truncated' as const,
    animated: false,
  };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message))
      throw invalid(accountMessages.avatarTooManyPixels);
    throw invalid(accountMessages.avatarType);
  }
  if (!meta.format || !accepted.has(meta.format)) throw invalid(accountMessages.avatarType);
  if (!meta.width || !meta.height) throw invalid(accountMessages.avatarDamaged);
  if (meta.width * meta.height > accountLimits.avatarMaxPixels)
    throw invalid(accountMessages.avatarTooManyPixels);
  try {
    return await Promise.all(
      accountLimits.avatarSizes.map(async (size) => ({
        size,
        data: await sharp(input, options)
          .rotate()
          .resize(size, size, { fit: 'cover', position: 'centre' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message))
      throw invalid(accountMessages.avatarTooManyPixels);
    throw invalid(accountMessages.avatarDamaged);
  }
}
