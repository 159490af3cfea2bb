package software_test

import (
	"image"
	"image/color"
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/internal/painter/software"
	internalTest "fyne.io/fyne/v2/internal/test"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func makeTestImage(w, h int) image.Image {
	return internalTest.NewCheckedImage(w, h, w, h)
}

func TestPainter_paintArc(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewArc(0, 360, 0.0, color.Black)

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_arc_full.png", p.Paint(c))

	obj.CutoutRatio = 0.43
	test.AssertImageMatches(t, "draw_arc_full_inner_radius.png", p.Paint(c))

	obj.StartAngle = 0
	obj.EndAngle = 0
	test.AssertImageMatches(t, "draw_arc_empty.png", p.Paint(c))

	obj.StartAngle = -80
	obj.EndAngle = 95
	test.AssertImageMatches(t, "draw_arc_-80_95.png", p.Paint(c))

	obj.StartAngle = 180
	obj.EndAngle = 0
	test.AssertImageMatches(t, "draw_arc_180_0.png", p.Paint(c))

	obj.CutoutRatio = 0.14
	obj.StartAngle = 115
	obj.EndAngle = 130
	test.AssertImageMatches(t, "draw_arc_115_130.png", p.Paint(c))

	obj.CutoutRatio = -0.5 // out of range, should be treated as 0
	obj.StartAngle = 0
	obj.EndAngle = -230
	test.AssertImageMatches(t, "draw_arc_0_-230.png", p.Paint(c))

	obj.StartAngle = -180
	obj.EndAngle = 0
	test.AssertImageMatches(t, "draw_arc_-180_0.png", p.Paint(c))

	obj.StrokeColor = color.White
	obj.StrokeWidth = 2
	test.AssertImageMatches(t, "draw_arc_-180_0_stroke.png", p.Paint(c))

	obj.CutoutRatio = 1.5 // out of range, should be treated as 1
	test.AssertImageMatches(t, "draw_arc_-180_0_stroke_fully_cutout.png", p.Paint(c))

	obj.CutoutRatio = 1.0
	obj.StrokeWidth = 0
	test.AssertImageMatches(t, "draw_arc_empty.png", p.Paint(c))
}

func TestPainter_paintBlur(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.ScaleMode = canvas.ImageScalePixels
	obj := canvas.NewBlur(5)

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(container.NewStack(img, container.NewPadded(obj)))
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	if runtime.GOOS == "darwin" {
		test.AssertImageMatches(t, "draw_blur_darwin.png", p.Paint(c))
	} else {
		test.AssertImageMatches(t, "draw_blur.png", p.Paint(c))
	}
}

func TestPainter_paintCircle(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewCircle(color.Black)

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_circle.png", p.Paint(c))
}

func TestPainter_paintCircleStroke(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewCircle(color.White)
	obj.StrokeColor = color.Black
	obj.StrokeWidth = 4

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_circle_stroke.png", p.Paint(c))
}

func TestPainter_paintCircle_shadow(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewCircle(color.NRGBA{R: 0, G: 0, B: 0, A: 150})
	obj.Shadow.Color = color.White
	obj.Shadow.Offset = fyne.NewPos(-10, -5)
	obj.Shadow.BlurRadius = 3
	obj.Shadow.Variant = canvas.DropShadow

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(170+2*theme.Padding(), 170+2*theme.Padding()))
	obj.Resize(fyne.NewSize(150, 150))
	obj.Move(fyne.NewPos(20, 20))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_circle_drop_shadow.png", p.Paint(c))

	obj.Shadow.Variant = canvas.BoxShadow

	test.AssertImageMatches(t, "draw_circle_box_shadow.png", p.Paint(c))
}

func TestPainter_paintGradient_clipped(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	g := canvas.NewRadialGradient(color.NRGBA{R: 200, G: 0, B: 0, A: 255}, color.NRGBA{R: 0, G: 0, B: 200, A: 255})
	g.SetMinSize(fyne.NewSize(100, 100))
	scroll := container.NewScroll(g)
	scroll.Move(fyne.NewPos(10, 10))
	scroll.Resize(fyne.NewSize(50, 50))
	scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(-30, -30)})
	cont := container.NewWithoutLayout(scroll)
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(cont)
	c.Resize(fyne.NewSize(70, 70))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_gradient_clipped.png", p.Paint(c))
}

func TestPainter_paintImage(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_default.png", target)
}

func TestPainter_paintImageAlpha(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.Translucency = 0.5

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_alpha.png", target)
}

func TestPainter_paintImage_clipped(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	img := canvas.NewImageFromImage(makeTestImage(5, 5))
	img.ScaleMode = canvas.ImageScalePixels
	img.SetMinSize(fyne.NewSize(100, 100))
	scroll := container.NewScroll(img)
	scroll.Move(fyne.NewPos(10, 10))
	scroll.Resize(fyne.NewSize(50, 50))
	scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(-15, -15)})
	cont := container.NewWithoutLayout(scroll)
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(cont)
	c.Resize(fyne.NewSize(70, 70))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_image_clipped.png", p.Paint(c))
}

func TestPainter_paintImage_scalePixels(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.ScaleMode = canvas.ImageScalePixels

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_ImageScalePixels.png", target)
}

func TestPainter_paintImage_scaleSmooth(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.ScaleMode = canvas.ImageScaleSmooth

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_ImageScaleSmooth.png", target)
}

func TestPainter_paintImage_scaleFastest(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.ScaleMode = canvas.ImageScaleFastest

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_ImageScaleFastest.png", target)
}

func TestPainter_paintImage_stretchX(t *testing.T) {
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(canvas.NewImageFromImage(makeTestImage(3, 3)))
	c.Resize(fyne.NewSize(100, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_stretchx.png", target)
}

func TestPainter_paintImage_stretchY(t *testing.T) {
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(canvas.NewImageFromImage(makeTestImage(3, 3)))
	c.Resize(fyne.NewSize(50, 100))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_stretchy.png", target)
}

func TestPainter_paintImage_contain(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(3, 3))
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScalePixels

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_contain.png", target)
}

func TestPainter_paintImage_containX(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	img := canvas.NewImageFromImage(makeTestImage(3, 4))
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScalePixels

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(100, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_containx.png", target)
}

func TestPainter_paintImage_containY(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	img := canvas.NewImageFromImage(makeTestImage(4, 3))
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScalePixels

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 100))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_containy.png", target)
}

func TestPainter_paintImage_cover(t *testing.T) {
	img := canvas.NewImageFromImage(makeTestImage(50, 50))
	img.FillMode = canvas.ImageFillCover
	img.ScaleMode = canvas.ImageScalePixels

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(250, 375))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_image_cover_vertical.png", target)

	c.Resize(fyne.NewSize(375, 250))

	target = p.Paint(c)
	test.AssertImageMatches(t, "draw_image_cover_horizontal.png", target)
}

func TestPainter_paintLine(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewLine(color.Black)
	obj.StrokeWidth = 6

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_line.png", p.Paint(c))
}

func TestPainter_paintLine_thin(t *testing.T) {
	c := test.NewCanvas()
	lines := [5]*canvas.Line{}
	sws := []float32{4, 2, 1, 0.5, 0.3}
	for i, sw := range sws {
		lines[i] = canvas.NewLine(color.RGBA{R: 255, G: 0, B: 0, A: 255})
		lines[i].StrokeWidth = sw
		x := float32(i * 20)
		lines[i].Position1 = fyne.NewPos(x, 10)
		lines[i].Position2 = fyne.NewPos(x+15, 10)
	}
	c.SetContent(container.NewWithoutLayout(lines[0], lines[1], lines[2], lines[3], lines[4]))
	c.Resize(fyne.NewSize(109, 28))

	p := software.NewPainter()
	test.AssertImageMatches(t, "draw_line_thin.png", p.Paint(c))
}

func TestPainter_paintLinearBezierCurve(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewLinearBezierCurve(fyne.NewPos(20, 40), fyne.NewPos(40, 60), color.Black)
	obj.StrokeWidth = 6

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_bezier_curve_linear.png", p.Paint(c))
}

func TestPainter_paintLinearBezierCurve_thin(t *testing.T) {
	c := test.NewCanvas()
	lines := [5]*canvas.BezierCurve{}
	sws := []float32{4, 2, 1, 0.5, 0.3}
	for i, sw := range sws {
		lines[i] = &canvas.BezierCurve{StrokeColor: color.RGBA{R: 255, G: 0, B: 0, A: 255}}
		lines[i].StrokeWidth = sw
		x := float32(i * 20)
		lines[i].StartPoint = fyne.NewPos(x, 10)
		lines[i].EndPoint = fyne.NewPos(x+15, 10)
		lines[i].Resize(fyne.NewSize(109, 28))
	}
	c.SetContent(container.NewWithoutLayout(lines[0], lines[1], lines[2], lines[3], lines[4]))
	c.Resize(fyne.NewSize(109, 28))

	p := software.NewPainter()
	test.AssertImageMatches(t, "draw_bezier_curve_linear_thin.png", p.Paint(c))
}

func TestPainter_paintQuadraticBezierCurve(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewQuadraticBezierCurve(fyne.NewPos(0, 0), fyne.NewPos(10, 50), fyne.NewPos(70, 30), color.Black)
	obj.StrokeWidth = 6

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_bezier_curve_quadratic.png", p.Paint(c))
}

func TestPainter_paintQuadraticBezierCurve_thin(t *testing.T) {
	c := test.NewCanvas()
	lines := [5]*canvas.BezierCurve{}
	sws := []float32{4, 2, 1, 0.5, 0.3}
	for i, sw := range sws {
		lines[i] = &canvas.BezierCurve{StrokeColor: color.RGBA{R: 255, G: 0, B: 0, A: 255}}
		lines[i].StrokeWidth = sw
		x := float32(i * 20)
		lines[i].StartPoint = fyne.NewPos(x, 10)
		lines[i].ControlPoints = []fyne.Position{fyne.NewPos(x+5, 5)}
		lines[i].EndPoint = fyne.NewPos(x+15, 10)
		lines[i].Resize(fyne.NewSize(109, 28))
	}
	c.SetContent(container.NewWithoutLayout(lines[0], lines[1], lines[2], lines[3], lines[4]))
	c.Resize(fyne.NewSize(109, 28))

	p := software.NewPainter()
	test.AssertImageMatches(t, "draw_bezier_curve_quadratic_thin.png", p.Paint(c))
}

func TestPainter_paintCubicBezierCurve(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewCubicBezierCurve(fyne.NewPos(10, 10), fyne.NewPos(35, 60), fyne.NewPos(70, 40), fyne.NewPos(30, 10), color.Black)
	obj.StrokeWidth = 6

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_bezier_curve_cubic.png", p.Paint(c))
}

func TestPainter_paintCubicBezierCurve_thin(t *testing.T) {
	c := test.NewCanvas()
	lines := [5]*canvas.BezierCurve{}
	sws := []float32{4, 2, 1, 0.5, 0.3}
	for i, sw := range sws {
		lines[i] = &canvas.BezierCurve{StrokeColor: color.RGBA{R: 255, G: 0, B: 0, A: 255}}
		lines[i].StrokeWidth = sw
		x := float32(i * 20)
		lines[i].StartPoint = fyne.NewPos(x, 10)
		lines[i].ControlPoints = []fyne.Position{fyne.NewPos(x+5, 18), fyne.NewPos(x+8, 3)}
		lines[i].EndPoint = fyne.NewPos(x+15, 10)
		lines[i].Resize(fyne.NewSize(109, 28))
	}
	c.SetContent(container.NewWithoutLayout(lines[0], lines[1], lines[2], lines[3], lines[4]))
	c.Resize(fyne.NewSize(109, 28))

	p := software.NewPainter()
	test.AssertImageMatches(t, "draw_bezier_curve_cubic_thin.png", p.Paint(c))
}

func TestPainter_paintPolygon(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewPolygon(3, color.Black)

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(150+2*theme.Padding(), 150+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_polygon_3.png", p.Paint(c))

	obj.Sides = 4
	test.AssertImageMatches(t, "draw_polygon_4.png", p.Paint(c))

	obj.Angle = 35
	test.AssertImageMatches(t, "draw_polygon_4_rotate_35.png", p.Paint(c))

	obj.Angle = -120
	obj.Sides = 5
	test.AssertImageMatches(t, "draw_polygon_5_rotate_-120.png", p.Paint(c))

	obj.CornerRadius = 10
	obj.Angle = 0
	obj.Sides = 6
	test.AssertImageMatches(t, "draw_polygon_6_rounded.png", p.Paint(c))

	obj.StrokeColor = color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.StrokeWidth = 5
	obj.Angle = 360
	test.AssertImageMatches(t, "draw_polygon_6_rounded_stroke.png", p.Paint(c))
}

func TestPainter_paintRaster(t *testing.T) {
	img := canvas.NewRasterWithPixels(func(x, y, w, h int) color.Color {
		x = x / 5
		y = y / 5
		if x%2 == y%2 {
			return color.White
		}
		return color.Black
	})

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.Resize(fyne.NewSize(50, 50))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_raster.png", target)
}

func TestPainter_paintRaster_scaled(t *testing.T) {
	img := canvas.NewRasterWithPixels(func(x, y, w, h int) color.Color {
		x = x / 5
		y = y / 5
		if x%2 == y%2 {
			return color.White
		}
		return color.Black
	})

	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.SetScale(5.0)
	c.Resize(fyne.NewSize(5, 5))
	p := software.NewPainter()

	target := p.Paint(c)
	test.AssertImageMatches(t, "draw_raster_scale.png", target)
}

func TestPainter_paintRectangle_clipped(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	red1 := canvas.NewRectangle(color.NRGBA{R: 200, G: 0, B: 0, A: 255})
	red1.SetMinSize(fyne.NewSize(20, 20))
	red2 := canvas.NewRectangle(color.NRGBA{R: 150, G: 0, B: 0, A: 255})
	red2.SetMinSize(fyne.NewSize(20, 20))
	red3 := canvas.NewRectangle(color.NRGBA{R: 100, G: 0, B: 0, A: 255})
	red3.SetMinSize(fyne.NewSize(20, 20))
	reds := container.NewHBox(red1, red2, red3)
	green1 := canvas.NewRectangle(color.NRGBA{R: 0, G: 200, B: 0, A: 255})
	green1.SetMinSize(fyne.NewSize(20, 20))
	green2 := canvas.NewRectangle(color.NRGBA{R: 0, G: 150, B: 0, A: 255})
	green2.SetMinSize(fyne.NewSize(20, 20))
	green3 := canvas.NewRectangle(color.NRGBA{R: 0, G: 100, B: 0, A: 255})
	green3.SetMinSize(fyne.NewSize(20, 20))
	greens := container.NewHBox(green1, green2, green3)
	blue1 := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 200, A: 255})
	blue1.SetMinSize(fyne.NewSize(20, 20))
	blue2 := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 150, A: 255})
	blue2.SetMinSize(fyne.NewSize(20, 20))
	blue3 := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 100, A: 255})
	blue3.SetMinSize(fyne.NewSize(20, 20))
	blues := container.NewHBox(blue1, blue2, blue3)
	box := container.NewVBox(reds, greens, blues)
	scroll := container.NewScroll(box)
	scroll.Move(fyne.NewPos(10, 10))
	scroll.Resize(fyne.NewSize(50, 50))
	scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(-10, -10)})
	cont := container.NewWithoutLayout(scroll)
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(cont)
	c.Resize(fyne.NewSize(70, 70))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_rect_clipped.png", p.Paint(c))
}

func TestPainter_paintRectangle_stroke(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewRectangle(color.Black)
	obj.StrokeWidth = 5
	obj.StrokeColor = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_rectangle_stroke.png", p.Paint(c))

	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_stroke_wide.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_stroke_narrow.png", p.Paint(c))
	obj.CornerRadius = canvas.RadiusMaximum
	test.AssertImageMatches(t, "draw_rectangle_stroke_narrow_radius_maximum.png", p.Paint(c))
}

func TestPainter_paintRectangle_perCornerRadius(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewRectangle(color.Black)
	obj.StrokeWidth = 5
	obj.StrokeColor = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}

	obj.CornerRadius = 35
	obj.TopRightCornerRadius = 2
	obj.TopLeftCornerRadius = 8
	obj.BottomLeftCornerRadius = 14
	obj.BottomRightCornerRadius = 20

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_rectangle_per_corner_radius.png", p.Paint(c))

	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_per_corner_radius_wide.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_per_corner_radius_narrow.png", p.Paint(c))

	obj.TopLeftCornerRadius = 0
	obj.Aspect = 0
	test.AssertImageMatches(t, "draw_rectangle_per_corner_radius_base.png", p.Paint(c))

	// additional test for zero stroke width and base corner radius to check all per-corner values are effective
	obj.CornerRadius = 0
	obj.StrokeWidth = 0
	test.AssertImageMatches(t, "draw_rectangle_per_corner_radius_zero_base.png", p.Paint(c))
}

func TestPainter_paintRectangle_shadow(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 0, A: 150})
	obj.Shadow.Color = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.Shadow.Offset = fyne.NewPos(3, -4)
	obj.Shadow.BlurRadius = 8
	obj.Shadow.Variant = canvas.BoxShadow

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(170+2*theme.Padding(), 170+2*theme.Padding()))
	obj.Resize(fyne.NewSize(150, 150))
	obj.Move(fyne.NewPos(12, 18))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_rectangle_box_shadow.png", p.Paint(c))
	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_wide_box_shadow.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_narrow_box_shadow.png", p.Paint(c))

	obj.Aspect = 0
	obj.Shadow.Variant = canvas.DropShadow
	test.AssertImageMatches(t, "draw_rectangle_drop_shadow.png", p.Paint(c))
	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_wide_drop_shadow.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_narrow_drop_shadow.png", p.Paint(c))
}

func TestPainter_paintRectangle_stroke_shadow(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 0, A: 150})
	obj.StrokeWidth = 2
	obj.StrokeColor = color.White
	obj.Shadow.Color = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.Shadow.Offset = fyne.NewPos(0, 0)
	obj.Shadow.BlurRadius = 10

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(170+2*theme.Padding(), 170+2*theme.Padding()))
	obj.Resize(fyne.NewSize(150, 150))
	obj.Move(fyne.NewPos(15, 15))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_rectangle_stroke_drop_shadow.png", p.Paint(c))

	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_stroke_wide_drop_shadow.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_stroke_narrow_drop_shadow.png", p.Paint(c))

	obj.Aspect = 0
	obj.Shadow.Variant = canvas.BoxShadow
	test.AssertImageMatches(t, "draw_rectangle_stroke_box_shadow.png", p.Paint(c))
	obj.Aspect = 2
	test.AssertImageMatches(t, "draw_rectangle_stroke_wide_box_shadow.png", p.Paint(c))
	obj.Aspect = 0.5
	test.AssertImageMatches(t, "draw_rectangle_stroke_narrow_box_shadow.png", p.Paint(c))
}

func TestPainter_paintRectangle_shadow_spread(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewRectangle(color.NRGBA{R: 0, G: 0, B: 0, A: 150})
	obj.Shadow.Color = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.Shadow.Offset = fyne.NewPos(-5, 5)
	obj.Shadow.BlurRadius = 5
	obj.Shadow.Variant = canvas.DropShadow

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(170+2*theme.Padding(), 170+2*theme.Padding()))
	obj.Resize(fyne.NewSize(150, 150))
	obj.Move(fyne.NewPos(18, 12))
	p := software.NewPainter()

	obj.Shadow.Spread = 0
	test.AssertImageMatches(t, "draw_rectangle_shadow_no_spread.png", p.Paint(c))

	obj.Shadow.Spread = 3
	test.AssertImageMatches(t, "draw_rectangle_shadow_positive_spread.png", p.Paint(c))

	obj.Shadow.Spread = -3
	test.AssertImageMatches(t, "draw_rectangle_shadow_negative_spread.png", p.Paint(c))

	obj.Shadow.Spread = -obj.Size().Width * 2
	test.AssertImageMatches(t, "draw_rectangle_shadow_negative_spread_maximum.png", p.Paint(c))
}

func TestPainter_paintCircle_shadow_spread(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewCircle(color.NRGBA{R: 0, G: 0, B: 0, A: 150})
	obj.Shadow.Color = &color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.Shadow.Offset = fyne.NewPos(5, -5)
	obj.Shadow.BlurRadius = 7
	obj.Shadow.Variant = canvas.BoxShadow

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(170+2*theme.Padding(), 170+2*theme.Padding()))
	obj.Resize(fyne.NewSize(150, 150))
	obj.Move(fyne.NewPos(12, 18))
	p := software.NewPainter()

	obj.Shadow.Spread = 0
	test.AssertImageMatches(t, "draw_circle_shadow_no_spread.png", p.Paint(c))

	obj.Shadow.Spread = 3
	test.AssertImageMatches(t, "draw_circle_shadow_positive_spread.png", p.Paint(c))

	obj.Shadow.Spread = -3
	test.AssertImageMatches(t, "draw_circle_shadow_negative_spread.png", p.Paint(c))

	obj.Shadow.Spread = -obj.Size().Width * 2
	test.AssertImageMatches(t, "draw_circle_shadow_negative_spread_maximum.png", p.Paint(c))
}

func TestPainter_paintText_clipped(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	scroll := container.NewScroll(widget.NewLabel("some text\nis here\nand here"))
	scroll.Move(fyne.NewPos(10, 10))
	scroll.Resize(fyne.NewSize(50, 50))
	scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(-10, -10)})
	cont := container.NewWithoutLayout(scroll)
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(cont)
	c.Resize(fyne.NewSize(70, 70))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_text_clipped.png", p.Paint(c))
}

func TestPainter_paintText_boldItalicClip(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	text := canvas.NewText("Dd", theme.Color(theme.ColorNameForeground))
	text.TextStyle.Bold = true
	text.TextStyle.Italic = true
	text.TextSize = 42
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(text)
	c.Resize(fyne.NewSize(70, text.MinSize().Height))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_text_bolditalic.png", p.Paint(c))
}

func TestPainter_paintText_scale2(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	text := canvas.NewText("scale2", theme.Color(theme.ColorNameForeground))
	text.TextSize = 18
	c := test.NewCanvas()
	c.SetPadded(false)
	c.SetContent(text)
	c.Resize(fyne.NewSize(70, text.MinSize().Height))

	c.SetScale(2)
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_text_scale2.png", p.Paint(c))
}

func TestPainter_paintArbitraryPolygon(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	p := software.NewPainter()
	c := test.NewCanvas()
	c.SetPadded(true)

	// Simple Triangle
	trianglePoints := []fyne.Position{
		fyne.NewPos(50, 10),
		fyne.NewPos(90, 90),
		fyne.NewPos(10, 90),
	}
	poly := canvas.NewArbitraryPolygon(trianglePoints, color.Black)
	poly.Resize(fyne.NewSize(100, 100))
	c.SetContent(poly)
	c.Resize(fyne.NewSize(100+2*theme.Padding(), 100+2*theme.Padding()))
	test.AssertImageMatches(t, "draw_arbitrary_polygon_triangle.png", p.Paint(c))

	// Concave Shape (F-shape)
	concavePoints := []fyne.Position{
		fyne.NewPos(10, 10),
		fyne.NewPos(90, 10),
		fyne.NewPos(90, 30),
		fyne.NewPos(40, 30),
		fyne.NewPos(40, 45),
		fyne.NewPos(80, 45),
		fyne.NewPos(80, 65),
		fyne.NewPos(40, 65),
		fyne.NewPos(40, 90),
		fyne.NewPos(10, 90),
	}
	poly.Points = concavePoints
	poly.FillColor = color.NRGBA{R: 0, G: 0, B: 255, A: 255}
	test.AssertImageMatches(t, "draw_arbitrary_polygon_concave.png", p.Paint(c))

	// Heart with Mixed Corner Radii
	heartPoints := []fyne.Position{
		fyne.NewPos(50, 25),
		fyne.NewPos(80, 5),
		fyne.NewPos(100, 40),
		fyne.NewPos(50, 95),
		fyne.NewPos(0, 40),
		fyne.NewPos(20, 5),
	}

	poly.Points = heartPoints
	poly.CornerRadii = []float32{0, 20, 20, 0, 20, 20}
	poly.FillColor = color.NRGBA{R: 255, G: 0, B: 0, A: 255}
	test.AssertImageMatches(t, "draw_arbitrary_polygon_mixed_radii.png", p.Paint(c))

	// Maximum Vertices (16) - a rough circle
	maxPoints := []fyne.Position{
		fyne.NewPos(50, 10), fyne.NewPos(65, 13), fyne.NewPos(78, 22), fyne.NewPos(87, 35),
		fyne.NewPos(90, 50), fyne.NewPos(87, 65), fyne.NewPos(78, 78), fyne.NewPos(65, 87),
		fyne.NewPos(50, 90), fyne.NewPos(35, 87), fyne.NewPos(22, 78), fyne.NewPos(13, 65),
		fyne.NewPos(10, 50), fyne.NewPos(13, 35), fyne.NewPos(22, 22), fyne.NewPos(35, 13),
	}
	poly.Points = maxPoints
	poly.CornerRadii = nil // Reset
	poly.FillColor = color.Black
	test.AssertImageMatches(t, "draw_arbitrary_polygon_max_vertices.png", p.Paint(c))

	// Stroke and Fill with corner radii
	poly.Points = trianglePoints
	poly.FillColor = color.NRGBA{R: 255, G: 0, B: 0, A: 128}
	poly.StrokeColor = color.Black
	poly.StrokeWidth = 5
	poly.CornerRadii = []float32{25, 5}
	test.AssertImageMatches(t, "draw_arbitrary_polygon_stroke_fill_rounded.png", p.Paint(c))

	// Triangle with normalized points
	poly.Points = []fyne.Position{
		fyne.NewPos(0.5, 0.1),
		fyne.NewPos(0.9, 0.9),
		fyne.NewPos(0.1, 0.9),
	}
	poly.NormalizedPoints = true
	test.AssertImageMatches(t, "draw_arbitrary_polygon_stroke_fill_rounded.png", p.Paint(c))
}

func TestPainter_paintEllipse(t *testing.T) {
	test.ApplyTheme(t, test.Theme())
	obj := canvas.NewEllipse(color.Black)

	c := test.NewCanvas()
	c.SetPadded(true)
	c.SetContent(obj)
	c.Resize(fyne.NewSize(70+2*theme.Padding(), 70+2*theme.Padding()))
	p := software.NewPainter()

	test.AssertImageMatches(t, "draw_circle.png", p.Paint(c))

	obj.Resize(fyne.NewSize(70, 35))
	test.AssertImageMatches(t, "draw_ellipse_wide.png", p.Paint(c))

	obj.StrokeColor = color.RGBA{R: 0xFF, G: 0x33, B: 0x33, A: 0xFF}
	obj.StrokeWidth = 4
	test.AssertImageMatches(t, "draw_ellipse_wide_stroke.png", p.Paint(c))

	obj.Resize(fyne.NewSize(35, 70))
	obj.StrokeWidth = 0
	test.AssertImageMatches(t, "draw_ellipse_narrow.png", p.Paint(c))

	obj.StrokeWidth = 4
	test.AssertImageMatches(t, "draw_ellipse_narrow_stroke.png", p.Paint(c))
}
