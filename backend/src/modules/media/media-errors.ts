import { DomainError, NotFoundError } from '../../common/domain-error';

/**
 * Every refusal of an upload has its own code and a French message the UIs can show as is (400, or
 * 413 for a file over the size limit); nothing is written before the image has passed every check.
 */
export const invalidImageData = () =>
  new DomainError('IMAGE_INVALID_DATA', 'Le fichier envoyé est vide ou illisible.', 400);

export const imageTooLarge = (maxBytes: number) =>
  new DomainError(
    'IMAGE_TOO_LARGE',
    `L’image dépasse la taille maximale de ${Math.round(maxBytes / (1024 * 1024))} Mo.`,
    413,
  );

export const imageDimensionsTooLarge = (maxMegapixels: number) =>
  new DomainError(
    'IMAGE_TOO_LARGE',
    `L’image est trop grande : ${maxMegapixels} millions de pixels au plus.`,
    400,
  );

export const imageTooSmall = (minSide: number) =>
  new DomainError(
    'IMAGE_TOO_SMALL',
    `L’image est trop petite : au moins ${minSide} pixels de large et de haut.`,
    400,
  );

export const unsupportedImageType = () =>
  new DomainError(
    'IMAGE_UNSUPPORTED_TYPE',
    'Format d’image non accepté : envoyez une image PNG, JPEG ou WebP.',
    400,
  );

export const corruptImage = () =>
  new DomainError('IMAGE_CORRUPT', 'L’image est endommagée ou incomplète et ne peut pas être lue.', 400);

export const imageNotFound = () => new NotFoundError('IMAGE_NOT_FOUND', 'Image introuvable');

export const mediaFileNotFound = () => new NotFoundError('MEDIA_NOT_FOUND', 'Fichier introuvable');
