/** The app version shown in the settings footer and reported by /api/health. */
export const APP_VERSION = '1.4.0';
