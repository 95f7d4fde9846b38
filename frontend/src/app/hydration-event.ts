/** Dispatched on window once the app has hydrated (or rendered) and its first effects ran. */
export const HYDRATED_EVENT = 'mudawwana:hydrated';
