export { ADMIN_SCREENS } from './admin-screens.ts';
// the administration wording, also used by the master data's field-alias page
export { useAdminT } from './admin-i18n.ts';
