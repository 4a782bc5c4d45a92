/** A technician's hours by week with approval state (the technician's view of /reports) (scaffold: replaced by its feature's work). */
export default function WeeklyHours() {
  return <p>Hours</p>;
}
