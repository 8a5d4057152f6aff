FROM node:20-bookworm-slim

WORKDIR /app
# Run as the image's unprivileged user; embedded Postgres, the default without DATABASE_URL, refuses root.
RUN chown node:node /app
USER node

COPY --chown=node:node package.json package-lock.json ./
# Dev dependencies too: the web build needs Vite. NODE_ENV=production is set only after it.
RUN npm ci

COPY --chown=node:node . .
RUN npm run build
# The data folder, owned by the node user, so that a named volume mounted on it (docker-compose.yml) is writable.
RUN mkdir -p .data

ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npm", "start"]
