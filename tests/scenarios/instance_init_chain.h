/* A chain without queues, in the way of GStreamer's: every converter, scaler and
 * flipper gets its sink pad from one call in a base type's init (GstBaseTransform's),
 * so all their pads are one class, of one creator; a codec's init makes the codec's
 * stream lock and its sink pad. All are made by one call of main's, as gst_parse
 * makes a pipeline's elements. Named nowhere in liblockdep. Shared by the
 * instance_init_chain_*.c scenarios (the types themselves: instance_init.h). */
#ifndef INSTANCE_INIT_CHAIN_H
#define INSTANCE_INIT_CHAIN_H
#include "instance_init.h"

struct transform {
	struct object object;
	struct pad *sinkpad;
};

static __attribute__((noinline)) void transform_init(void *object)
{
	struct transform *transform = object;

	transform->sinkpad = pad_new("sink");
}

static const struct type transform_type = { "transform", sizeof(struct transform),
					    transform_init };

struct codec {
	struct object object;
	pthread_mutex_t stream_lock;
	pthread_cond_t drained;
	struct pad *sinkpad;
	int quality, frames;
	long bytes, latency;
	char caps[32];
};

/* Large enough to be a type's init, not a lock maker (src/lock_makers.c), as
 * GstVideoEncoder's and GstVideoDecoder's are. */
static __attribute__((noinline)) void codec_init(void *object)
{
	struct codec *codec = object;
	pthread_mutexattr_t attr;

	codec->sinkpad = pad_new("sink");
	if (pthread_mutexattr_init(&attr) ||
	    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) ||
	    pthread_mutex_init(&codec->stream_lock, &attr) ||
	    pthread_cond_init(&codec->drained, NULL))
		abort();
	pthread_mutexattr_destroy(&attr);
	codec->quality = strncmp(codec->object.name, "jpeg", 4) ? 50 : 85;
	codec->frames = 0;
	codec->bytes = codec->latency = -1;
	snprintf(codec->caps, sizeof(codec->caps), "image/%s", codec->quality > 80 ? "jpeg" : "png");
	if (getenv("INSTANCE_INIT_VERBOSE"))
		fprintf(stderr, "codec %s: quality %d, caps %s\n", codec->object.name,
			codec->quality, codec->caps);
}

static const struct type codec_type = { "codec", sizeof(struct codec), codec_init };

/* The codecs first, so that their sink pads keep the pad class's own name
 * (mutex@pad_init) and the transforms' are mutex@pad_init<transform_init. */
static __attribute__((noinline)) void chain_new(struct codec **codecs, int nr_codecs,
						struct transform **transforms, int nr_transforms)
{
	for (int i = 0; i < nr_codecs; i++)
		codecs[i] = object_new(&codec_type, "jpegenc");
	for (int i = 0; i < nr_transforms; i++)
		transforms[i] = object_new(&transform_type, "videoconvert");
}

/* Locks the n locks in order, then lets them go. */
static inline void nest_all(pthread_mutex_t **locks, int n)
{
	for (int i = 0; i < n; i++)
		pthread_mutex_lock(locks[i]);
	while (n--)
		pthread_mutex_unlock(locks[n]);
}

struct nesting {
	pthread_mutex_t *locks[5];
	int n;
};

static inline void *nest_all_thread(void *arg)
{
	struct nesting *nesting = (struct nesting *)arg;

	nest_all(nesting->locks, nesting->n);
	return NULL;
}
#endif
