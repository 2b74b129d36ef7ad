/** One store per list (contentStore.ts): the notifications' and the weather alerts'. */
import type { NotificationSummary, WeatherAlertSummary } from '../../api/publicContent.ts';
import type { Notification, WeatherAlert } from '../../../schemas/api/publicContent.ts';
import { ContentStore } from './contentStore.ts';

export const notificationStore = new ContentStore<NotificationSummary, Notification>();
export const weatherStore = new ContentStore<WeatherAlertSummary, WeatherAlert>();
