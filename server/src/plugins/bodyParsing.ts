import fp from 'fastify-plugin';

/** JSON bodies: an empty body with a JSON content type (e.g. a bare POST /logout) counts as `{}`. */
export const bodyParsing = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') return done(null, {});
      return parseJson(request, text, done);
    });
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined && (request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH')) request.body = {};
    });
  },
  { name: 'bodyParsing' },
);
