// api calls the JSON API: GET for short requests, POST (same parameters as a
// form) when the URL would be long. params is an object, or a list of
// [name, value] pairs for a parameter given several times. It throws
// ApiError with the server's message on a 4xx/5xx answer.

// ApiError is an error answer: its message, its status and, for an error
// about one value of a repeated parameter, that parameter and the value's
// index from 1 (ErrorBody in web/api.go).
export class ApiError extends Error {
  constructor(message, status, parameter, index) {
    super(message);
    this.status = status;
    this.parameter = parameter;
    this.index = index;
  }
}

export async function api(endpoint, params = {}, { signal } = {}) {
  const query = new URLSearchParams(params).toString();
  const url = '/api/' + endpoint;
  const init = { signal };
  let target = query ? url + '?' + query : url;
  if (target.length > 1800) {
    target = url;
    init.method = 'POST';
    init.body = new URLSearchParams(params);
  }
  const res = await fetch(target, init);
  let body;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(`HTTP ${res.status} ${res.statusText}`, res.status);
  }
  if (!res.ok) throw new ApiError(body.error || `HTTP ${res.status}`, res.status, body.parameter, body.index);
  return body;
}

// apiURL is the GET address of an endpoint, for links ("download JSON").
export function apiURL(endpoint, params) {
  return '/api/' + endpoint + '?' + new URLSearchParams(params).toString();
}
