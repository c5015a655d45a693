import { LOGO_DESTINATIONS, LOGO_EXTENSIONS, type LogoDestination, type LogoListResponse } from '@app/contracts';

/** Where an uploaded logo or icon is used (spec 3 section 7, `POST /settings/media-upload?ref=`). */
export { LOGO_DESTINATIONS, LOGO_EXTENSIONS, type LogoDestination, type LogoListResponse };
