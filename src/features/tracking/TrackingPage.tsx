/** Issue 16 scaffold: the public tracking page at /track/:token. */
export default function TrackingPage() {
  return null;
}
