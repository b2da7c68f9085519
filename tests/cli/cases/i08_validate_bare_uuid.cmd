printf '0190163d-8694-739b-aea5-966c26f8ad91\n0190163d8694739baea5966c26f8ad91\n' | sortid validate --format uuid
