/**
 * Offline reading of the public alerts (issue 14): the notification and weather pages register the
 * service worker (public/sw.js), then hand it what they loaded before it was there, so that the page
 * is readable without network from its first visit. Once per page load; nothing where the browser has
 * no service workers (or the page is not served over HTTPS or from localhost).
 */
let registered = false;

export function keepForOffline(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return;
    const urls = [
      window.location.href,
      ...performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => new URL(name).origin === window.location.origin),
    ];
    const channel = new MessageChannel();
    const done = new Promise<void>((resolve) => {
      channel.port1.onmessage = () => resolve();
    });
    worker.postMessage({ type: 'keep', urls }, [channel.port2]);
    await done;
    document.documentElement.dataset.offlineReady = 'true';
  }).catch(() => {
    // No offline copy: the pages work as before.
  });
}
