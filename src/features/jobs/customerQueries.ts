/** GET /api/appointments with no filter: the server answers the customer's own jobs, newest date first. */
export const OWN_JOBS = {};
