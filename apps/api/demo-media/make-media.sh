#!/bin/sh
# Makes the demo seed's media files (committed; the seed itself needs no ffmpeg).
# Run from this folder with ffmpeg and bc installed: sh make-media.sh
# Videos: 4 s, 320x180, 15 fps, VP9 + Opus in WebM, with a WebP thumbnail.
# Audios: 4 s of a short tune, Opus in Ogg. Everything is drawn by ffmpeg's
# own generators, so the files are the project's own to ship.
set -eu

video() { # name, lavfi video source, tone (Hz), quality (crf, higher = smaller)
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$2" \
    -f lavfi -i "sine=f=$3:d=4:sample_rate=48000,volume=0.15" -t 4 -r 15 \
    -pix_fmt yuv420p -c:v libvpx-vp9 -b:v 0 -crf "$4" -deadline good -cpu-used 4 -row-mt 1 \
    -c:a libopus -b:a 24k -ac 1 -shortest "$1.webm"
  ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$1.webm" -frames:v 1 \
    -c:v libwebp -quality 70 "$1.webp"
}

tune() { # name, then one frequency (Hz, 0 = rest) per half second
  name=$1
  shift
  expr=''
  close=''
  i=0
  for f in "$@"; do
    from=$(echo "$i*0.5" | bc)
    to=$(echo "$i*0.5+0.45" | bc)
    expr="${expr}if(between(t,$from,$to),sin(2*PI*$f*t)*0.3*(1-mod(t,0.5)*1.6),"
    close="$close)"
    i=$((i + 1))
  done
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "aevalsrc='${expr}0${close}':s=48000:d=$(echo "$#*0.5" | bc)" \
    -ac 1 -c:a libopus -b:a 24k "$name.ogg"
}

video pattern 'testsrc2=s=320x180:r=15:d=4' 330 45
video fractal 'mandelbrot=s=320x180:r=15:end_pts=40,trim=duration=4' 262 55
video bars 'smptehdbars=s=320x180:r=15:d=4,hue=h=t*90' 392 45
video gradient 'gradients=s=320x180:r=15:speed=0.05:d=4' 440 45

tune twinkle 262 262 392 392 440 440 392 0
tune arpeggio 262 330 392 523 392 330 262 0
tune counting 440 0 440 0 523 0 523 0
