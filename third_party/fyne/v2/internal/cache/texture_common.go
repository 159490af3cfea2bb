package cache

import (
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/async"
)

// textTextureDuration is how long a text's texture outlives its last
// paint. Texts are cached by content, so a reading that changes every
// second leaves a texture behind each time; kept for ValidDuration (a
// minute) they piled up by the thousand in a monitor window, holding GL
// memory and lengthening the scan for expired textures every frame.
//
// A text drawn by either of the last two paints is kept whatever the
// clock says: at a refresh slower than textTextureDuration every text
// would otherwise be rasterised again on every refresh.
const textTextureDuration = 5 * time.Second

// paints counts the frames painted (PaintStarted); a text texture records
// the paint that last drew it.
var paints atomic.Uint64

// PaintStarted is called at the start of each window paint, before the
// expired textures are freed.
func PaintStarted() { paints.Add(1) }

// paintedLately reports whether one of the last two paints drew the text
// texture. Drivers that do not count paints (mobile, web) keep the time
// rule alone.
func paintedLately(tinfo *textureInfo) bool {
	p := paints.Load()
	return p != 0 && tinfo.lastPaint.Load()+1 >= p
}

var (
	textTextures   async.Map[FontCacheEntry, *textureInfo]
	objectTextures async.Map[fyne.CanvasObject, *textureInfo]
)

// DeleteTexture deletes the texture from the cache map.
func DeleteTexture(obj fyne.CanvasObject) {
	objectTextures.Delete(obj)
}

// GetTextTexture gets cached texture for a text run.
func GetTextTexture(ent FontCacheEntry) (TextureType, bool) {
	texInfo, ok := textTextures.Load(ent)
	if texInfo == nil || !ok {
		return NoTexture, false
	}
	texInfo.setAliveFor(textTextureDuration)
	texInfo.lastPaint.Store(paints.Load())
	return texInfo.texture, true
}

// GetTexture gets cached texture.
func GetTexture(obj fyne.CanvasObject) (TextureType, bool) {
	texInfo, ok := objectTextures.Load(obj)
	if texInfo == nil || !ok {
		return NoTexture, false
	}
	texInfo.setAlive()
	return texInfo.texture, true
}

// RangeExpiredTexturesFor range over the expired textures for the specified canvas.
//
// Note: If this is used to free textures, then it should be called inside a current
// gl context to ensure textures are deleted from gl.
func RangeExpiredTexturesFor(canvas fyne.Canvas, f func(fyne.CanvasObject)) {
	now := timeNow()

	textTextures.Range(func(key FontCacheEntry, tinfo *textureInfo) bool {
		// Just free text directly when that string/style combo is done.
		if tinfo.isExpired(now) && tinfo.canvas == canvas && !paintedLately(tinfo) {
			textTextures.Delete(key)
			tinfo.textFree()
		}
		return true
	})

	objectTextures.Range(func(obj fyne.CanvasObject, tinfo *textureInfo) bool {
		if tinfo.isExpired(now) && tinfo.canvas == canvas {
			f(obj)
		}
		return true
	})
}

// RangeTexturesFor range over the textures for the specified canvas.
// It will not return the texture for a `canvas.Text` as their render lifecycle is handled separately.
//
// Note: If this is used to free textures, then it should be called inside a current
// gl context to ensure textures are deleted from gl.
func RangeTexturesFor(canvas fyne.Canvas, f func(fyne.CanvasObject)) {
	// Do nothing for texture cache, it lives outside the scope of an object.
	objectTextures.Range(func(obj fyne.CanvasObject, tinfo *textureInfo) bool {
		if tinfo.canvas == canvas {
			f(obj)
		}
		return true
	})
}

// DeleteTextTexturesFor deletes all text textures for the given canvas.
func DeleteTextTexturesFor(canvas fyne.Canvas) {
	textTextures.Range(func(key FontCacheEntry, tinfo *textureInfo) bool {
		if tinfo.canvas == canvas {
			textTextures.Delete(key)
			tinfo.textFree()
		}
		return true
	})
}

// SetTextTexture sets cached texture for a text run.
func SetTextTexture(ent FontCacheEntry, texture TextureType, canvas fyne.Canvas, free func()) {
	tinfo := prepareTexture(texture, canvas, free)
	tinfo.setAliveFor(textTextureDuration)
	tinfo.lastPaint.Store(paints.Load())
	textTextures.Store(ent, tinfo)
}

// SetTexture sets cached texture.
func SetTexture(obj fyne.CanvasObject, texture TextureType, canvas fyne.Canvas) {
	tinfo := prepareTexture(texture, canvas, nil)
	objectTextures.Store(obj, tinfo)
}

func prepareTexture(texture TextureType, canvas fyne.Canvas, free func()) *textureInfo {
	tinfo := &textureInfo{texture: texture, textFree: free}
	tinfo.canvas = canvas
	tinfo.setAlive()
	return tinfo
}

// textureCacheBase defines base texture cache object.
type textureCacheBase struct {
	expiringCache
	canvas fyne.Canvas

	// lastPaint: the paint (see paints) that last drew this text texture.
	lastPaint atomic.Uint64
}
