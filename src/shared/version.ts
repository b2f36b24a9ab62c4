/** The app version shown in the settings footer and reported to signed-in users by /api/health/details. */
export const APP_VERSION = '1.4.0';
